// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Backups } from '@/components/clinic/backups/Backups';
import type { User } from '@/lib/api/auth';
import type { BackupsOverview } from '@/lib/schemas/backups';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { sendJson as send, serveApi } from '@/tests/support/apiServer';
import { renderWithStores, storesFor } from '@/tests/support/renderWithStores';
import { clinicEmployee } from '@/tests/support/users';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/profile/backups',
  useParams: () => ({}),
  useSearchParams: () => new URLSearchParams(),
  redirect: vi.fn(),
  permanentRedirect: vi.fn(),
}));

/* A real HTTP server answering with the backups API's shape; the page goes through the app's axios client. */
let overview: BackupsOverview;
const paths: string[] = [];
serveApi((req, res) => {
  paths.push(req.url ?? '');
  if (req.url === '/api/clinic/backups') return send(req, res, 200, overview);
  send(req, res, 404, { code: 'not_found', messages: [{ message: 'Not found.', type: 'error' }] });
});

const settings: BackupsOverview['settings'] = {
  directory: '/srv/clinic/backups',
  interval_hours: 24,
  keep: { daily: 7, weekly: 4, monthly: 12 },
  verify_hour: 3,
  passphrase_set: true,
  same_disk: false,
  database: 'pglite',
  pg_dump_missing: false,
};
const admin: User = { ...clinicEmployee, employee_data: { is_admin: true } };

function renderAs(user: User, locale: 'en' | 'fr' = 'en') {
  const stores = storesFor(user);
  stores.user.getState().setProfile(user);
  return renderWithStores(<Backups />, stores, { locale });
}

beforeEach(() => {
  paths.length = 0;
  overview = {
    settings,
    last_verified_at: '2026-11-27T08:02:00Z',
    backups: [
      { id: 3, file_name: 'clinic-backup-20261128T080000Z-c3.age', status: 'failed', started_at: '2026-11-28T08:00:00Z', byte_size: null, error: 'disk_full', verified_at: null, present: false },
      { id: 2, file_name: 'clinic-backup-20261127T080000Z-b2.age', status: 'verified', started_at: '2026-11-27T08:00:00Z', byte_size: 5_662_310, error: null, verified_at: '2026-11-27T08:02:00Z', present: true },
      { id: 1, file_name: 'clinic-backup-20261126T080000Z-a1.age', status: 'verify_failed', started_at: '2026-11-26T08:00:00Z', byte_size: 5_600_000, error: 'mismatch', verified_at: null, present: true },
    ],
  };
});

describe('the backups page', () => {
  it('explains itself to an employee who is not an administrator, without asking the API', () => {
    renderAs({ ...admin, employee_data: { is_admin: false } }, 'fr');
    expect(screen.getByText(fr.Backups.adminsOnly)).toBeInTheDocument();
    expect(paths).toEqual([]);
  });

  it('lists the backups with their size and state, the failures in words', async () => {
    renderAs(admin);
    const table = await screen.findByRole('table', { name: en.Backups.caption }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Failed: the backup folder\'s disk is full.');
    expect(rows[1]).toHaveTextContent('5.4 MB');
    expect(rows[1]).toHaveTextContent(/Proven by a restore on Nov(ember)? 27, 2026/);
    expect(rows[2]).toHaveTextContent('The test restore failed: the restored database differs from what the backup recorded.');
    expect(screen.getByText('/srv/clinic/backups')).toBeInTheDocument();
    expect(screen.getByText('Every 24 hours')).toBeInTheDocument();
    expect(screen.getByText('7 daily, 4 weekly and 12 monthly')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in red, in French, that backups are off without a passphrase', async () => {
    overview = { ...overview, settings: { ...settings, passphrase_set: false }, backups: [], last_verified_at: null };
    renderAs(admin, 'fr');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(fr.Backups.off);
    expect(screen.getByText(fr.Backups.empty)).toBeInTheDocument();
    expect(screen.getByText(fr.Backups.noneVerified)).toBeInTheDocument();
    expect(screen.getByText('npm run backup:restore -- FICHIER')).toBeInTheDocument();
  });

  it('warns when the backups share the data’s disk', async () => {
    overview = { ...overview, settings: { ...settings, same_disk: true } };
    renderAs(admin);
    expect(await screen.findByText(en.Backups.sameDisk, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
