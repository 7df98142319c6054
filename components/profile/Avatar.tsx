import styles from './profile.module.css';

/** Initials of the first and last names (one letter each), for the avatar without a picture. */
export function initialsOf(firstName: string, lastName: string, locale?: string): string {
  const first = (name: string) => Array.from(name.trim())[0] ?? '';
  return `${first(firstName)}${first(lastName)}`.toLocaleUpperCase(locale) || '?';
}

/** The profile picture, or the initials when there is none. Decorative: the name is beside it. */
export function Avatar({ url, firstName, lastName, locale }: { url: string | null; firstName: string; lastName: string; locale: string }) {
  if (url) {
    // A user upload on any host: next/image would need every host configured.
    // eslint-disable-next-line @next/next/no-img-element
    return <img className={styles.avatar} src={url} alt="" width={96} height={96} />;
  }
  return (
    <span className={styles.avatar} aria-hidden="true">
      {initialsOf(firstName, lastName, locale)}
    </span>
  );
}
