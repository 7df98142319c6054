import 'server-only';

export { appointmentCancelledEmail } from './appointmentCancelled';
export { appointmentConfirmationEmail } from './appointmentConfirmation';
export type { AppointmentDetails, AppointmentLocation, PatientAppointmentInput } from './appointmentDetails';
export { appointmentReminderEmail, type AppointmentReminderInput } from './appointmentReminder';
export { appointmentRescheduledEmail } from './appointmentRescheduled';
export { contactAcknowledgementEmail } from './contactAcknowledgement';
export { contactClinicCopyEmail, type ContactClinicCopyInput } from './contactClinicCopy';
export { dietitianNoticeEmail, type DietitianNoticeInput } from './dietitianNotice';
export { employeeInviteEmail } from './employeeInvite';
export { escapeHtml } from './escape';
export { intakeAcknowledgementEmail } from './intakeAcknowledgement';
export type { RenderedEmail } from './layout';
export { passwordResetEmail } from './passwordReset';
export { verificationEmail } from './verification';
export { receiptEmail, type ReceiptEmailInput } from './receipt';
export { welcomeEmail } from './welcome';
export { waitlistJoinedEmail, waitlistOfferEmail, waitlistRemovedEmail, type WaitlistJoinedInput, type WaitlistOfferInput } from './waitlist';
