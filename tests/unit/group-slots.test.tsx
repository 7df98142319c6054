// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { SlotPicker } from '@/components/booking/steps/SlotPicker';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { resolveSlot, slotKey } from '@/stores/bookingSteps';

/** The date step of a group service (issue #28): sessions with their topic and seats, not bare times. */
const DATE = '2027-01-14';
const options: AppointmentOptions = {
  [DATE]: [
    { start: '2027-01-14T23:00:00.000Z', end: '2027-01-15T00:30:00.000Z', recommended_employee: { id: 3, name: 'Claire Dubois' }, group_session: { id: 7, topic: 'Heart-healthy cooking', seats_left: 3, meetings: 1, price: { base_cents: 6000, tax_cents: 780, total_cents: 6780 } } },
    { start: '2027-01-14T23:00:00.000Z', end: '2027-01-15T00:30:00.000Z', recommended_employee: { id: 4, name: 'Marc-André Gagnon' }, group_session: { id: 8, topic: 'Living with type 2 diabetes', seats_left: 0, meetings: 6, price: { base_cents: 30000, tax_cents: 3900, total_cents: 33900 } } },
  ],
};

function renderPicker(locale: 'en' | 'fr', slot: string | null = null) {
  const onSlot = vi.fn();
  render(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={locale === 'fr' ? fr : en}>
      <SlotPicker options={options} date={DATE} slot={slot} onDate={() => {}} onSlot={onSlot} slotsId="slots" />
    </NextIntlClientProvider>,
  );
  return onSlot;
}

describe('group sessions at the date step', () => {
  it('shows each session’s topic, dietitian and seats left; a full one is shown full and cannot be chosen', () => {
    const onSlot = renderPicker('en');
    const [open, full] = within(screen.getByRole('list', { name: /Free times on/ })).getAllByRole('button');
    expect(open).toHaveTextContent('Heart-healthy cooking');
    expect(open).toHaveTextContent('with Claire Dubois');
    expect(open).toHaveTextContent('3 seats left');
    expect(full).toHaveTextContent('Living with type 2 diabetes');
    expect(full).toHaveTextContent('6 weekly meetings');
    expect(full).toHaveTextContent('Full');
    expect(full).toBeDisabled();
    open!.click();
    // Two sessions at one time: the choice names the session, not the time alone.
    expect(onSlot).toHaveBeenCalledWith('2027-01-14T23:00:00.000Z#7');
  });

  it('speaks French', () => {
    renderPicker('fr', '2027-01-14T23:00:00.000Z#7');
    const [open, full] = within(screen.getByRole('list')).getAllByRole('button');
    expect(open).toHaveTextContent('Plus que 3 places');
    expect(open).toHaveAttribute('aria-pressed', 'true');
    expect(full).toHaveTextContent('6 rencontres hebdomadaires');
    expect(full).toHaveTextContent('Complet');
  });

  it('sends the chosen session to the check', () => {
    expect(slotKey(options[DATE]![1]!)).toBe('2027-01-14T23:00:00.000Z#8');
    expect(resolveSlot(DATE, '2027-01-14T23:00:00.000Z#7', options)).toEqual({ date: DATE, start: '2027-01-14T23:00:00.000Z', end: '2027-01-15T00:30:00.000Z', groupSessionId: 7 });
  });
});
