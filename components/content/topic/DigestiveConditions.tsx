import { getTranslations } from 'next-intl/server';
import { InfoModal } from '@/components/content/modal/InfoModal';
import type { Locale } from '@/lib/i18n/routing';
import { ConditionIcon, digestiveConditions } from './conditionIcons';
import styles from './topic.module.css';
import { messageList } from '@/components/content/messageList';

/**
 * The digestive-health page's row of round icon buttons, one per condition, each opening a
 * dialog with what the condition is and how nutrition helps; plus a "learn more" dialog on
 * the low-FODMAP approach.
 */
export async function DigestiveConditions({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'SpecialtyPage.digestive' });
  return (
    <section aria-labelledby="digestive-conditions-title">
      <h2 id="digestive-conditions-title">{t('title')}</h2>
      <p>{t('lead')}</p>
      <ul className={styles.iconRow}>
        {digestiveConditions.map((key) => (
          <li key={key}>
            <InfoModal
              title={t(`items.${key}.name`)}
              closeLabel={t('close')}
              triggerClassName={styles.iconButton}
              trigger={
                <>
                  <span className={styles.iconCircle} aria-hidden="true">
                    <ConditionIcon condition={key} />
                  </span>
                  <span className={styles.iconLabel}>{t(`items.${key}.short`)}</span>
                  {/* The name starts with the visible text (WCAG 2.5.3), then says it in full. */}
                  {t(`items.${key}.short`) === t(`items.${key}.name`) ? null : (
                    <span className="visually-hidden">: {t(`items.${key}.name`)}</span>
                  )}
                </>
              }
            >
              {messageList(t.raw(`items.${key}.text` as never)).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </InfoModal>
          </li>
        ))}
      </ul>
      <InfoModal
        title={t('fodmap.title')}
        closeLabel={t('close')}
        triggerClassName="button button--secondary"
        trigger={t('fodmap.trigger')}
      >
        <p>{t('fodmap.intro')}</p>
        <ol>
          {messageList(t.raw('fodmap.phases' as never)).map((phase, index) => (
            <li key={index}>{phase}</li>
          ))}
        </ol>
        <p>{t('fodmap.note')}</p>
      </InfoModal>
    </section>
  );
}

/** "Learn more" on how we work: the food and symptom journal we ask patients to keep. */
export async function DigestiveJournalModal({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'SpecialtyPage.digestive' });
  return (
    <InfoModal
      title={t('journal.title')}
      closeLabel={t('close')}
      triggerClassName="button button--secondary"
      trigger={t('journal.trigger')}
    >
      <p>{t('journal.intro')}</p>
      <ul>
        {messageList(t.raw('journal.items' as never)).map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
      <p>{t('journal.note')}</p>
    </InfoModal>
  );
}
