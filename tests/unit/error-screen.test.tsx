// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellTextsProvider } from '@/components/app/ShellTexts';
import { ErrorScreen, type ErrorScreenProps } from '@/components/error/ErrorScreen';
import { describeError, errorKind, HttpError } from '@/lib/errors/errorKind';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

/** The Next.js app router, replaced by spies (next-intl's navigation wraps it). */
const nav = vi.hoisted(() => {
  const router = {
    push: vi.fn(),
    replace: vi.fn(),
    prefetch: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    refresh: vi.fn(),
  };
  const stub = {
    router,
    pathname: '/',
    useRouter: () => router,
    usePathname: () => stub.pathname,
    useParams: () => ({}),
    useSearchParams: () => new URLSearchParams(),
    redirect: vi.fn(),
    permanentRedirect: vi.fn(),
  };
  return stub;
});

vi.mock('next/navigation', () => ({
  useRouter: () => nav.useRouter(),
  usePathname: () => nav.usePathname(),
  useParams: () => nav.useParams(),
  useSearchParams: () => nav.useSearchParams(),
  redirect: nav.redirect,
  permanentRedirect: nav.permanentRedirect,
}));

const locationDescriptor = Object.getOwnPropertyDescriptor(window, 'location')!;
const location = { reload: vi.fn(), assign: vi.fn(), replace: vi.fn(), href: 'http://localhost/' };

beforeEach(() => {
  vi.clearAllMocks();
  nav.pathname = '/';
  // The real Lottie player stays mounted; its animation request simply never answers.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  Object.defineProperty(window, 'location', { value: location, configurable: true });
});

afterEach(() => {
  Object.defineProperty(window, 'location', locationDescriptor);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

type Locale = 'en' | 'fr';

function renderScreen(
  props: ErrorScreenProps,
  locale: Locale = 'en',
  Screen: ComponentType<ErrorScreenProps> = ErrorScreen,
  // After vi.resetModules(), a freshly imported screen reads a fresh context: hand in its provider.
  Provider: typeof ShellTextsProvider = ShellTextsProvider,
) {
  return render(
    <Provider texts={{ locale, errorScreen: (locale === 'fr' ? fr : en).ErrorScreen, toasts: (locale === 'fr' ? fr : en).Toasts }}>
      <Screen {...props} />
    </Provider>,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 });
const buttonTexts = () => screen.getAllByRole('button').map((button) => button.textContent);
const button = (name: string) => screen.getByRole('button', { name });

interface Row {
  status: number | undefined;
  title: string;
  message: string;
  buttons: [string, string];
  support: boolean;
}

const SERVER_MESSAGE = 'Something went wrong on our end. Please try again.';
const SUPPORT = 'If the problem persists, please contact our support team.';

const ROWS: Row[] = [
  { status: 404, title: 'Page Not Found', message: "The page you're looking for doesn't exist.", buttons: ['Go Home', 'Go Back'], support: false },
  { status: 500, title: 'Server Error', message: SERVER_MESSAGE, buttons: ['Try Again', 'Go Home'], support: true },
  { status: 503, title: 'Server Error', message: SERVER_MESSAGE, buttons: ['Try Again', 'Go Home'], support: true },
  { status: 401, title: 'Access Denied', message: 'You need to be logged in to access this page.', buttons: ['Login', 'Go Home'], support: false },
  { status: 403, title: 'Access Denied', message: 'You need to be logged in to access this page.', buttons: ['Login', 'Go Home'], support: false },
  { status: 422, title: 'Request Error', message: 'There was a problem with your request.', buttons: ['Try Again', 'Go Home'], support: false },
  { status: 400, title: 'Request Error', message: 'There was a problem with your request.', buttons: ['Try Again', 'Go Home'], support: false },
  { status: undefined, title: 'Something Went Wrong', message: 'An unexpected error occurred.', buttons: ['Go Home', 'Go Back'], support: false },
  { status: 302, title: 'Something Went Wrong', message: 'An unexpected error occurred.', buttons: ['Go Home', 'Go Back'], support: false },
];

describe('ErrorScreen rows (English)', () => {
  it.each(ROWS)('status $status: $title', ({ status, title, message, buttons, support }) => {
    renderScreen({ status });
    if (status === undefined) {
      expect(screen.queryByText(/^Error \d+$/)).not.toBeInTheDocument();
    } else {
      expect(screen.getByText(`Error ${status}`)).toBeInTheDocument();
    }
    expect(heading()).toHaveTextContent(new RegExp(`^${title}$`));
    expect(screen.getByText(message)).toBeInTheDocument();
    if (support) expect(screen.getByText(SUPPORT)).toBeInTheDocument();
    else expect(screen.queryByText(SUPPORT)).not.toBeInTheDocument();
    expect(buttonTexts()).toEqual(buttons);
  });

  it('names the section by its heading', () => {
    renderScreen({ status: 404 });
    expect(screen.getByRole('region', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the server message instead of the default one', () => {
    renderScreen({ status: 422, message: 'That time slot is no longer available.' });
    expect(screen.getByText('That time slot is no longer available.')).toBeInTheDocument();
    expect(screen.queryByText('There was a problem with your request.')).not.toBeInTheDocument();
    expect(heading()).toHaveTextContent('Request Error');
  });

  it('keeps the support note under a replaced server message', () => {
    renderScreen({ status: 500, message: 'Database unavailable' });
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByText(SERVER_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByText(SUPPORT)).toBeInTheDocument();
  });
});

describe('ErrorScreen in French', () => {
  it.each([
    [404, 'Erreur 404', 'Page introuvable', 'La page que vous cherchez n’existe pas.', ['Retour à l’accueil', 'Page précédente']],
    [500, 'Erreur 500', 'Erreur du serveur', 'Un problème est survenu de notre côté. Veuillez réessayer.', ['Réessayer', 'Retour à l’accueil']],
    [403, 'Erreur 403', 'Accès refusé', 'Vous devez être connecté pour accéder à cette page.', ['Se connecter', 'Retour à l’accueil']],
    [422, 'Erreur 422', 'Erreur de requête', 'Un problème est survenu avec votre demande.', ['Réessayer', 'Retour à l’accueil']],
  ] as const)('status %i', (status, statusLine, title, message, buttons) => {
    renderScreen({ status }, 'fr');
    expect(screen.getByText(statusLine)).toBeInTheDocument();
    expect(heading()).toHaveTextContent(new RegExp(`^${title}$`));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(buttonTexts()).toEqual(buttons);
  });

  it('shows the French support note for server errors', () => {
    renderScreen({ status: 503 }, 'fr');
    expect(
      screen.getByText('Si le problème persiste, veuillez communiquer avec notre équipe de soutien.'),
    ).toBeInTheDocument();
  });

  it('shows the French unknown-error row without a status line', () => {
    renderScreen({}, 'fr');
    expect(heading()).toHaveTextContent('Un problème est survenu');
    expect(screen.getByText('Une erreur inattendue s’est produite.')).toBeInTheDocument();
    expect(screen.queryByText(/^Erreur \d+$/)).not.toBeInTheDocument();
  });
});

describe('ErrorScreen buttons', () => {
  it('Go Home clears the error, then goes to the home page', () => {
    const onReset = vi.fn();
    renderScreen({ status: 404, onReset });
    fireEvent.click(button('Go Home'));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(nav.router.push).toHaveBeenCalledTimes(1);
    expect(nav.router.push).toHaveBeenCalledWith('/');
    expect(onReset.mock.invocationCallOrder[0]).toBeLessThan(nav.router.push.mock.invocationCallOrder[0]!);
  });

  it('Go Home without an error boundary still goes home', () => {
    renderScreen({ status: 500 });
    fireEvent.click(button('Go Home'));
    expect(nav.router.push).toHaveBeenCalledWith('/');
  });

  it('Go Home in French goes to the French home page', () => {
    nav.pathname = '/fr/a-propos';
    renderScreen({ status: 404 }, 'fr');
    fireEvent.click(button('Retour à l’accueil'));
    expect(nav.router.push).toHaveBeenCalledWith('/fr');
  });

  it('Go Back returns to the previous page when there is one', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    renderScreen({ status: 404 });
    fireEvent.click(button('Go Back'));
    expect(nav.router.back).toHaveBeenCalledTimes(1);
    expect(nav.router.push).not.toHaveBeenCalled();
  });

  it('Go Back goes home when the error page was opened directly (no history)', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    renderScreen({});
    fireEvent.click(button('Go Back'));
    expect(nav.router.back).not.toHaveBeenCalled();
    expect(nav.router.push).toHaveBeenCalledWith('/');
  });

  it('Try Again clears the error, then reloads the page', () => {
    const onReset = vi.fn();
    renderScreen({ status: 503, onReset });
    fireEvent.click(button('Try Again'));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(onReset.mock.invocationCallOrder[0]).toBeLessThan(location.reload.mock.invocationCallOrder[0]!);
    expect(nav.router.push).not.toHaveBeenCalled();
  });

  it('Try Again on a request error reloads too', () => {
    renderScreen({ status: 422 });
    fireEvent.click(button('Try Again'));
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('Login goes to /auth/login', () => {
    renderScreen({ status: 401 });
    fireEvent.click(button('Login'));
    expect(location.assign).toHaveBeenCalledWith('/auth/login');
  });

  it('Se connecter goes to /fr/auth/login', () => {
    renderScreen({ status: 403 }, 'fr');
    fireEvent.click(button('Se connecter'));
    expect(location.assign).toHaveBeenCalledWith('/fr/auth/login');
  });
});

describe('ErrorScreen technical details', () => {
  const stack = 'Error: boom\n    at Page (app/[locale]/page.tsx:12:3)';

  it('hides the stack by default', () => {
    renderScreen({ status: 500, stack });
    expect(screen.queryByText('Technical details')).not.toBeInTheDocument();
    expect(screen.queryByText(/at Page/)).not.toBeInTheDocument();
  });

  it.each(['true', '1', 'on'])('shows the stack when NEXT_PUBLIC_DEBUG=%s', async (value) => {
    vi.stubEnv('NEXT_PUBLIC_DEBUG', value);
    vi.resetModules();
    const { ErrorScreen: DebugScreen } = await import('@/components/error/ErrorScreen');
    const { ShellTextsProvider: Provider } = await import('@/components/app/ShellTexts');
    renderScreen({ status: 500, stack }, 'en', DebugScreen, Provider);
    const details = screen.getByText('Technical details').closest('details')!;
    expect(details).toBeInTheDocument();
    expect(within(details).getByText(/at Page/).textContent).toBe(stack);
  });

  it('shows nothing in debug mode when there is no stack', async () => {
    vi.stubEnv('NEXT_PUBLIC_DEBUG', 'true');
    vi.resetModules();
    const { ErrorScreen: DebugScreen } = await import('@/components/error/ErrorScreen');
    const { ShellTextsProvider: Provider } = await import('@/components/app/ShellTexts');
    renderScreen({ status: 500 }, 'en', DebugScreen, Provider);
    expect(screen.queryByText('Technical details')).not.toBeInTheDocument();
  });

  it('keeps the stack hidden for other values such as false', async () => {
    vi.stubEnv('NEXT_PUBLIC_DEBUG', 'false');
    vi.resetModules();
    const { ErrorScreen: DebugScreen } = await import('@/components/error/ErrorScreen');
    const { ShellTextsProvider: Provider } = await import('@/components/app/ShellTexts');
    renderScreen({ status: 500, stack }, 'en', DebugScreen, Provider);
    expect(screen.queryByText('Technical details')).not.toBeInTheDocument();
  });
});

describe('describeError', () => {
  it('reads status and message from an HttpError', () => {
    expect(describeError(new HttpError(404, 'msg'))).toEqual({ status: 404, message: 'msg' });
  });

  it('leaves the message out when an HttpError has none', () => {
    expect(describeError(new HttpError(503))).toEqual({ status: 503, message: undefined });
  });

  it('treats any other Error as a server error and does not show its message', () => {
    expect(describeError(new Error('secret internals'))).toEqual({ status: 500 });
  });

  it("reads the status and the server's first message from an HTTP client error", () => {
    const failure = (data: unknown, status = 403) =>
      Object.assign(new Error('Request failed with status code ' + status), { response: { status, data } });
    expect(describeError(failure({ messages: [{ message: 'Not yours', type: 'error' }] }))).toEqual({
      status: 403,
      message: 'Not yours',
    });
    expect(describeError(failure({ messages: ['Slot taken'] }, 409))).toEqual({ status: 409, message: 'Slot taken' });
    // The client library's own wording never replaces the localized default.
    expect(describeError(failure({}, 422))).toEqual({ status: 422, message: undefined });
    expect(describeError(failure('<html>', 502))).toEqual({ status: 502, message: undefined });
  });

  it('ignores a response status that is not a number', () => {
    expect(describeError({ response: { status: '404' }, message: 'x' })).toEqual({ status: 500 });
  });

  it.each([null, undefined, 'boom', 42])('treats %s as a server error', (value) => {
    expect(describeError(value)).toEqual({ status: 500 });
  });
});

describe('errorKind', () => {
  it.each([
    [404, 'notFound'],
    [401, 'denied'],
    [403, 'denied'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [400, 'request'],
    [422, 'request'],
    [429, 'request'],
    [undefined, 'unknown'],
    [302, 'unknown'],
    [200, 'unknown'],
  ] as const)('%s -> %s', (status, kind) => {
    expect(errorKind(status)).toBe(kind);
  });
});

describe('the global error screen', () => {
  it('loads the texts of the language of the address, then shows the error in it', async () => {
    const { default: GlobalError } = await import('@/app/global-error');
    Object.defineProperty(window, 'location', { value: { ...location, pathname: '/fr/a-propos' }, configurable: true });
    render(<GlobalError error={new Error('boom')} reset={() => {}} />, { container: document.documentElement });
    expect(await screen.findByRole('heading', { level: 1, name: fr.ErrorScreen.serverTitle })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
  });
});

describe('the page error boundary', () => {
  it('loads the error screen when an error reaches it, and Try Again calls reset', async () => {
    const { default: LocaleError } = await import('@/app/[locale]/error');
    const { ShellTextsProvider: Provider } = await import('@/components/app/ShellTexts');
    const reset = vi.fn();
    render(
      <Provider texts={{ locale: 'fr', errorScreen: fr.ErrorScreen, toasts: fr.Toasts }}>
        <LocaleError error={new HttpError(503)} reset={reset} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: fr.ErrorScreen.serverTitle })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: fr.ErrorScreen.tryAgain }));
    expect(reset).toHaveBeenCalledOnce();
  });
});
