import 'server-only';
import { fullName } from '@/lib/format/personName';
import { formatPhone } from '@/lib/format/phone';
import type { DataExport } from '@/lib/schemas/dataExport';
import { details, EMPTY, html, lines, muted, table, text, type Html, type Section } from './summaryHtml';
import type { PostalAddress, SummaryKit } from './summaryTexts';

/**
 * Whom summary.html is about: the account and its contact details, or the guest's and the
 * contacts they gave; the export's names and postal addresses as the page writes them.
 */

type ExportAddress = NonNullable<NonNullable<DataExport['account']>['address']>;
type Person = { first_name: string; last_name: string };

export const personName = (person: Person) => fullName({ firstName: person.first_name, lastName: person.last_name });

function addressOf(address: ExportAddress): PostalAddress {
  return {
    streetNumber: address.street_number,
    streetName: address.street_name,
    unitNumber: address.unit_number,
    city: address.city,
    province: address.province,
    postalCode: address.postal_code,
    country: address.country,
  };
}

function addressHtml(address: ExportAddress | null, kit: SummaryKit): Html {
  return address ? lines(kit.address(addressOf(address))) : muted(kit.t('notGiven'));
}

/** Who: the account and its contact details, or the guest's address and the contacts given. */
export function whoSection(data: DataExport, kit: SummaryKit): Section {
  const { t } = kit;
  const account = data.account;
  if (account) {
    return {
      id: 'account',
      title: t('sections.account'),
      body: details([
        [t('account.name'), text(personName(account))],
        [t('account.email'), text(account.email)],
        [t('account.phone'), account.phone ? text(formatPhone(account.phone)) : muted(t('notGiven'))],
        [t('account.preferredLanguage'), text(t(`languages.${account.preferred_language}`))],
        [t('account.createdAt'), text(kit.moment(account.created_at))],
        [t('account.emailVerifiedAt'), account.email_verified_at ? text(kit.moment(account.email_verified_at)) : muted(t('account.notConfirmed'))],
        [t('account.closedAt'), account.closed_at ? text(kit.moment(account.closed_at)) : null],
        [t('account.address'), addressHtml(account.address, kit)],
        [t('account.preferredDietitian'), account.preferred_dietitian ? text(personName(account.preferred_dietitian)) : muted(t('account.noPreference'))],
      ]),
    };
  }
  const guest = data.guest;
  const contacts = guest?.contacts ?? [];
  return {
    id: 'account',
    title: t('sections.guest'),
    body: html`${details([
      [t('guest.email'), guest ? text(guest.email) : muted(t('notGiven'))],
      [t('guest.contacts'), contacts.length > 0 ? null : muted(t('none'))],
    ])}${
      contacts.length > 0
        ? table(
            t('guest.contacts'),
            [t('guest.name'), t('account.email'), t('guest.phone'), t('guest.address')],
            contacts.map((contact) => [
              text(personName(contact)),
              text(contact.email),
              contact.phone ? text(formatPhone(contact.phone)) : muted(t('notGiven')),
              addressHtml(contact.address, kit),
            ]),
          )
        : EMPTY
    }`,
  };
}
