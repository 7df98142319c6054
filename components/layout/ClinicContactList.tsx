import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';

interface Props {
  className?: string;
  labels: { phone: string; fax: string; email: string };
}

/** The clinic's phone, fax and e-mail (lib/clinic.ts), as the footer and the contact page list them. */
export function ClinicContactList({ className, labels }: Props) {
  return (
    <dl className={className}>
      <dt>{labels.phone}</dt>
      <dd>
        <a href={phoneHref(clinic.phone)}>{formatPhone(clinic.phone)}</a>
      </dd>
      <dt>{labels.fax}</dt>
      <dd>{formatPhone(clinic.fax)}</dd>
      <dt>{labels.email}</dt>
      <dd>
        <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
      </dd>
    </dl>
  );
}
