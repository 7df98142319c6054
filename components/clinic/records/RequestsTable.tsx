'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Fragment, useRef, useState } from 'react';
import tableStyles from '@/components/ui/table.module.css';
import text from '@/components/ui/text.module.css';
import { clinicDataUrl } from '@/lib/api/privacy';
import { dateLanguage, formatDate, formatLocalDate } from '@/lib/format/dates';
import type { RecordsRequestView } from '@/lib/schemas/recordsRequests';
import { HandleRequestForm } from './HandleRequestForm';
import styles from './records.module.css';

const COLUMNS = 7;

/**
 * The requests as a table: the person, the kind, when it was received, when it is due (with the
 * days left, or how late it is), its status and who handled it, and a link to the person's export.
 * Each row opens below itself what was asked, the outcome, and for an open request the form that
 * completes or refuses it.
 */
export function RequestsTable({
  requests,
  onHandled,
  onStarting,
}: {
  requests: RecordsRequestView[];
  onHandled: (message: string) => void;
  onStarting: () => void;
}) {
  const t = useTranslations('RecordsRequests.list');
  const language = dateLanguage(useLocale());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Each row's toggle: where focus goes back once its form has done its work and left.
  const toggles = useRef(new Map<string, HTMLButtonElement>());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const personName = (request: RecordsRequestView) => (request.person.kind === 'patient' ? request.person.name : request.person.email);

  const due = (request: RecordsRequestView) => {
    const days = request.days_left;
    if (days === null) return null;
    if (days === 0) return <span className={styles.late}>{t('dueToday')}</span>;
    if (days < 0) return <span className={styles.late}>{t('overdue', { days: -days })}</span>;
    return <span>{t('daysLeft', { days })}</span>;
  };

  return (
    <div className={tableStyles.tableScroll} role="region" aria-labelledby="records-requests-caption" tabIndex={0}>
      <table className={`${tableStyles.table} ${styles.requests}`}>
        <caption id="records-requests-caption" className={tableStyles.caption}>
          {t('caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('person')}</th>
            <th scope="col">{t('kind')}</th>
            <th scope="col">{t('received')}</th>
            <th scope="col">{t('due')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('handledBy')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => {
            const open = expanded.has(request.id);
            const moreId = `records-request-${request.id}`;
            const person = request.person;
            return (
              <Fragment key={request.id}>
                <tr>
                  <th scope="row" className={text.breakable}>
                    {personName(request)}
                    {person.kind === 'patient' ? (
                      <span className={styles.sub}>
                        {person.email}
                        {person.closed ? ` · ${t('closedAccount')}` : ''}
                      </span>
                    ) : (
                      <span className={styles.sub}>{t('guest')}</span>
                    )}
                  </th>
                  <td>{t(`kinds.${request.kind}`)}</td>
                  <td>{formatLocalDate(request.received_on, language, 'long')}</td>
                  <td>
                    {formatLocalDate(request.due_on, language, 'long')}
                    {request.days_left !== null ? <span className={styles.sub}>{due(request)}</span> : null}
                  </td>
                  <td>{t(`statuses.${request.status}`)}</td>
                  <td>
                    {request.handled_by && request.handled_at ? (
                      <>
                        {request.handled_by}
                        <span className={styles.sub}>{formatDate(request.handled_at, language, 'long')}</span>
                      </>
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">{t('notHandled')}</span>
                      </>
                    )}
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <a href={clinicDataUrl(person.kind === 'patient' ? { patientId: person.patient_id } : { email: person.email })} download>
                        {t('download')}
                        {' '}
                        <span className="visually-hidden">({personName(request)})</span>
                      </a>
                      <button
                        type="button"
                        className={styles.toggle}
                        aria-expanded={open}
                        aria-controls={open ? moreId : undefined}
                        ref={(button) => {
                          if (button) toggles.current.set(request.id, button);
                          else toggles.current.delete(request.id);
                        }}
                        onClick={() => toggle(request.id)}
                      >
                        {open ? t('less') : request.status === 'open' ? t('handle') : t('more')}
                        {' '}
                        <span className="visually-hidden">({personName(request)})</span>
                      </button>
                    </div>
                  </td>
                </tr>
                {open ? (
                  <tr id={moreId} className={styles.more}>
                    <td colSpan={COLUMNS}>
                      <dl className={styles.facts}>
                        <div>
                          <dt>{t('details')}</dt>
                          <dd className={styles.prose}>{request.details ?? t('noDetails')}</dd>
                        </div>
                        <div>
                          <dt>{t('recordedBy')}</dt>
                          <dd>{request.created_by}</dd>
                        </div>
                        {request.status !== 'open' ? (
                          <div>
                            <dt>{t('outcome')}</dt>
                            <dd className={styles.prose}>{request.outcome ?? t('noOutcome')}</dd>
                          </div>
                        ) : null}
                      </dl>
                      {request.status === 'open' ? (
                        <HandleRequestForm
                          request={request}
                          personName={personName(request)}
                          onStarting={onStarting}
                          onHandled={(message) => {
                            toggles.current.get(request.id)?.focus();
                            onHandled(message);
                          }}
                        />
                      ) : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
