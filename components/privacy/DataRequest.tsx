'use client';

import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { EmailActionForm } from '@/components/auth/EmailActionForm';
import { saveBlob } from '@/components/profile/receipts/saveBlob';
import { FormAlert } from '@/components/ui/form/FormParts';
import { readApiFailure } from '@/lib/api/auth';
import { privacyApi } from '@/lib/api/privacy';
import { Link } from '@/lib/i18n/navigation';
import { isLinkToken } from '@/lib/schemas/linkToken';

const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * "Request my data" (issue #30 item 2): a guest asks for a link by e-mail; the e-mailed link opens
 * this page with its token in the fragment (never sent in an address), and one press downloads the
 * ZIP. The download is a button, not the link itself: mail scanners that open links would use up
 * a single-use link.
 */
export function DataRequest() {
  const hash = useSyncExternalStore(subscribeHash, () => window.location.hash, () => '');
  const token = hash.replace(/^#/, '');
  return isLinkToken(token) ? <DownloadByLink token={token} /> : <RequestForm />;
}

function RequestForm() {
  const t = useTranslations('DataRequest');
  return (
    <div>
      <p>{t('requestText')}</p>
      <EmailActionForm
        action={(email) => privacyApi.requestData(email)}
        emailLabel={t('email')}
        submitLabel={t('submit')}
        pendingLabel={t('submitting')}
        sentText={t('sent')}
      />
      <p>{t.rich('patients', { link: (chunks) => <Link href="/login">{chunks}</Link> })}</p>
    </div>
  );
}

function DownloadByLink({ token }: { token: string }) {
  const t = useTranslations('DataRequest');
  const [state, setState] = useState<{ kind: 'ready' } | { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; message: string }>({ kind: 'ready' });

  async function download() {
    setState({ kind: 'pending' });
    try {
      const { blob, fileName } = await privacyApi.downloadByLink(token);
      saveBlob(blob, fileName);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: readApiFailure(error).message ?? t('downloadFailed') });
    }
  }

  if (state.kind === 'failed') {
    return (
      <div>
        <FormAlert>
          <p>{state.message}</p>
        </FormAlert>
        <RequestForm />
      </div>
    );
  }
  return (
    <div>
      <p>{t('linkText')}</p>
      {state.kind === 'done' ? (
        <FormAlert tone="info">
          <p>{t('downloaded')}</p>
        </FormAlert>
      ) : (
        <div className="button-row">
          <button type="button" className="button" disabled={state.kind === 'pending'} onClick={() => void download()}>
            {state.kind === 'pending' ? t('downloading') : t('download')}
          </button>
        </div>
      )}
    </div>
  );
}
