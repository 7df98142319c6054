import 'server-only';

export { employeeInviteEmail } from './employeeInvite';
export { escapeHtml } from './escape';
export type { RenderedEmail } from './layout';
export { passwordResetEmail } from './passwordReset';
export { verificationEmail } from './verification';
export { welcomeEmail } from './welcome';
