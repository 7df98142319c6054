import { getFormatter, getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import styles from './topic.module.css';

/** The figures of a service as the database holds them (lib/server/clinic/services.ts). */
export type ServiceFigures = {
  durationMinutes: number;
  priceCents: number;
  currency: string;
  isTaxable: boolean;
  taxIncluded: boolean;
  minCancellationNoticeHours: number;
};

/** Duration, price (2 decimals, with its tax note) and cancellation notice of a service. */
export async function ServiceDetails({ locale, figures }: { locale: Locale; figures: ServiceFigures }) {
  const t = await getTranslations({ locale, namespace: 'ServicePage' });
  const format = await getFormatter({ locale });
  const price = format.number(figures.priceCents / 100, {
    style: 'currency',
    currency: figures.currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const taxNote = figures.taxIncluded ? t('taxIncluded') : figures.isTaxable ? t('taxAdded') : t('taxExempt');
  return (
    <dl className={styles.details} data-testid="service-details">
      <div>
        <dt>{t('duration')}</dt>
        <dd data-testid="service-duration">{t('durationValue', { minutes: figures.durationMinutes })}</dd>
      </div>
      <div>
        <dt>{t('price')}</dt>
        <dd>
          <span data-testid="service-price">{price}</span> <span className={styles.note}>{taxNote}</span>
        </dd>
      </div>
      <div>
        <dt>{t('cancellation')}</dt>
        <dd>{t('cancellationValue', { hours: figures.minCancellationNoticeHours })}</dd>
      </div>
    </dl>
  );
}
