'use client';

import { describeError, errorActions, errorKind, type ErrorAction } from '@/lib/errors/errorKind';
import { useRouter } from '@/lib/i18n/navigation';
import { Lottie } from '@/components/ui/Lottie';
import { fill, useShellTexts } from '@/components/app/ShellTexts';
import styles from './ErrorScreen.module.css';

export interface ErrorScreenProps {
  status?: number;
  /** The server's own message; replaces the default message of the row. */
  message?: string;
  stack?: string;
  /** Clears the error boundary, when there is one. */
  onReset?: () => void;
}

const debug = ['1', 'true', 'on'].includes(process.env.NEXT_PUBLIC_DEBUG ?? '');

/** The one error screen of SPEC §2: status, title, message and two buttons. */
export function ErrorScreen({ status, message, stack, onReset }: ErrorScreenProps) {
  const { errorScreen: texts, locale } = useShellTexts();
  const router = useRouter();
  const kind = errorKind(status);

  const run: Record<ErrorAction, () => void> = {
    goHome: () => {
      onReset?.();
      router.push('/');
    },
    goBack: () => {
      if (window.history.length > 1) router.back();
      else router.push('/');
    },
    tryAgain: () => {
      onReset?.();
      window.location.reload();
    },
    login: () => window.location.assign(locale === 'fr' ? '/fr/auth/login' : '/auth/login'),
  };

  return (
    // The entrance is a CSS transform (ErrorScreen.module.css): the text is readable in the HTML
    // before any script runs, and no animation library loads with the 404 page.
    <section className={`container ${styles.screen}`} aria-labelledby="error-title">
        <Lottie animationLink="/animations/leaf.json" className={styles.animation} />
        {status ? <p className={styles.status}>{fill(texts.status, { status })}</p> : null}
        <h1 id="error-title">{texts[`${kind}Title`]}</h1>
        <p className={styles.message}>{message ?? texts[`${kind}Message`]}</p>
        {kind === 'server' ? <p>{texts.serverSupport}</p> : null}
        <div className="button-row">
          {errorActions[kind].map((action, index) => (
            <button
              key={action}
              type="button"
              className={`button ${index === 0 ? 'button--primary' : 'button--secondary'}`}
              onClick={run[action]}
            >
              {texts[action]}
            </button>
          ))}
        </div>
        {debug && stack ? (
          <details className={styles.debug}>
            <summary>{texts.debug}</summary>
            <pre>{stack}</pre>
          </details>
        ) : null}
    </section>
  );
}

/**
 * The screen of an error boundary (app/[locale]/error.tsx, app/global-error.tsx): the status and
 * message of what was thrown. Here, not in the boundaries, so that reading the error loads with
 * the screen and not with every page.
 */
export function CaughtErrorScreen({ error, onReset }: { error: Error; onReset: () => void }) {
  const { status, message } = describeError(error);
  return <ErrorScreen status={status} message={message} stack={error.stack} onReset={onReset} />;
}
