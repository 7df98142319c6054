import { FormAlert } from '@/components/ui/form/FormParts';
import styles from './booking.module.css';
import type { LinkLoad } from './useLinkView';

interface Props {
  load: Exclude<LinkLoad<unknown>, { state: 'ready' }>;
  /** In the page's own words: `failed` stands in when the server gave no sentence. */
  texts: { loading: string; missing: string; failed: string; retry: string };
  onRetry: () => void;
}

/** What a link's page shows until its view is there: loading, a link cut short, or a failure with a retry. */
export function LinkViewStatus({ load, texts, onRetry }: Props) {
  if (load.state === 'loading') return <p role="status">{texts.loading}</p>;
  if (load.state === 'missing') return <FormAlert>{texts.missing}</FormAlert>;
  return (
    <div className={styles.manage}>
      <FormAlert>{load.message ? load.message : texts.failed}</FormAlert>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {texts.retry}
      </button>
    </div>
  );
}
