import 'server-only';

export { appointmentCancelledEmail } from './appointmentCancelled';
export { appointmentConfirmationEmail } from './appointmentConfirmation';
export type { AppointmentLocation, PatientAppointmentInput } from './appointmentDetails';
export { appointmentReminderEmail } from './appointmentReminder';
export { appointmentRescheduledEmail } from './appointmentRescheduled';
export { contactAcknowledgementEmail } from './contactAcknowledgement';
export { contactClinicCopyEmail } from './contactClinicCopy';
export { dietitianNoticeEmail } from './dietitianNotice';
export { employeeInviteEmail } from './employeeInvite';
export { intakeAcknowledgementEmail } from './intakeAcknowledgement';
export type { RenderedEmail } from './layout';
export { passwordResetEmail } from './passwordReset';
export { verificationEmail } from './verification';
export { welcomeEmail } from './welcome';
export { waitlistJoinedEmail, waitlistOfferEmail, waitlistRemovedEmail } from './waitlist';
export { accountClosedEmail, dataExportLinkEmail } from './privacy';
