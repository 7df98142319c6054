// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { PatientFinder, type PatientFinderTexts } from '@/components/ui/PatientFinder';
import en from '@/messages/en.json';

// The one patient search of the clinic's screens (issue #38): the booking on a patient's behalf
// and the records requests both use it, inside a form of their own or not.
const texts: PatientFinderTexts = {
  label: 'Find a patient',
  hint: 'Name or e-mail',
  button: 'Search',
  searching: 'Searching…',
  tooShort: 'Type at least 2 characters.',
  failed: 'The search did not work.',
  noMatch: (search) => `No patient matches “${search}”.`,
  results: 'Patients found',
  choose: (name) => `Choose ${name}`,
};
type Match = { id: number; name: string; email: string };
const gisele: Match = { id: 42, name: 'Gisèle Ancienne', email: 'gisele@example.ca' };

function renderFinder(find: (term: string) => Promise<Match[]>, own: Partial<PatientFinderTexts> = {}) {
  const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const choose = vi.fn();
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="America/Toronto">
      <form onSubmit={submit}>
        <PatientFinder texts={{ ...texts, ...own }} find={find} describe={(m) => ({ name: m.name, details: [m.email] })} onChoose={choose} />
      </form>
    </NextIntlClientProvider>,
  );
  return { submit, choose, field: screen.getByRole('searchbox', { name: texts.label }) };
}

describe('PatientFinder', () => {
  it('searches on Enter without submitting the form around it, and refuses one letter', async () => {
    const find = vi.fn(async () => [gisele]);
    const { submit, choose, field } = renderFinder(find);
    fireEvent.change(field, { target: { value: ' g ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText(texts.tooShort)).toBeInTheDocument();
    expect(find).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'gi' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    const results = await screen.findByRole('list', { name: texts.results });
    expect(find).toHaveBeenCalledWith('gi');
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(within(results).getByRole('button', { name: 'Choose Gisèle Ancienne' }));
    expect(choose).toHaveBeenCalledWith(gisele);
  });

  it('says when nothing matches, and when the search failed', async () => {
    let fail = false;
    const { field } = renderFinder(async () => {
      if (fail) throw new Error('offline');
      return [];
    });
    fireEvent.change(field, { target: { value: 'zz' } });
    fireEvent.click(screen.getByRole('button', { name: texts.button }));
    expect(await screen.findByText('No patient matches “zz”.')).toBeInTheDocument();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: texts.button }));
    expect(await screen.findByText(texts.failed!)).toBeInTheDocument();
  });

  it('leaves a failure to the HTTP client’s toast when it has no text of its own, keeping the results', async () => {
    let fail = false;
    const { field } = renderFinder(
      async () => {
        if (fail) throw new Error('offline');
        return [gisele];
      },
      { failed: undefined },
    );
    fireEvent.change(field, { target: { value: 'gi' } });
    fireEvent.click(screen.getByRole('button', { name: texts.button }));
    await screen.findByRole('list', { name: texts.results });
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: texts.button }));
    expect(await screen.findByRole('button', { name: texts.button })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('list', { name: texts.results })).toBeInTheDocument();
    expect(screen.queryByText(texts.failed!)).toBeNull();
  });
});
