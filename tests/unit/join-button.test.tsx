// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JoinButton } from '@/components/booking/JoinButton';

/** A virtual visit's Join button (issue #15 item 3): from 15 minutes before the start until the end. */
const START = new Date('2026-12-01T15:00:00Z');
const END = new Date('2026-12-01T16:00:00Z');
const URL = 'https://meet.jit.si/clinic-0123456789abcdef0123456789abcdef';

function show() {
  return render(
    <JoinButton url={URL} start={START.toISOString()} end={END.toISOString()} label="Join the video call" notYet={(at) => `Opens at ${at.toISOString()}`} />,
  );
}

describe('JoinButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says when it opens until 15 minutes before the start, then shows the link, which opens in a new tab without a referrer', () => {
    vi.setSystemTime(new Date(START.getTime() - 16 * 60_000));
    show();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Opens at 2026-12-01T14:45:00.000Z')).toBeInTheDocument();
    // The page stays open: the button appears on time without a reload.
    act(() => vi.advanceTimersByTime(90_000));
    const link = screen.getByRole('link', { name: 'Join the video call' });
    expect(link).toHaveAttribute('href', URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('is gone once the visit has ended', () => {
    vi.setSystemTime(END);
    const { container } = show();
    expect(container).toBeEmptyDOMElement();
  });
});
