// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { CSSProperties } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Lottie } from '@/components/ui/Lottie';

/**
 * jsdom has no canvas, so the third-party renderer is replaced by a stub that shows what it was
 * given. Everything in components/ui/Lottie.tsx runs for real.
 */
const renderer = vi.hoisted(() => ({ loaded: false }));

vi.mock('lottie-react', () => {
  renderer.loaded = true;
  interface StubProps {
    src: string | object;
    speed?: number;
    loop?: boolean | number;
    autoplay?: boolean;
    style?: CSSProperties;
  }
  return {
    Lottie: ({ src, speed, loop, autoplay }: StubProps) => (
      <div
        data-testid="lottie-player"
        data-src={typeof src === 'string' ? src : JSON.stringify(src)}
        data-speed={String(speed)}
        data-loop={String(loop)}
        data-autoplay={String(autoplay)}
      />
    ),
  };
});

const LEAF_PATH = resolve(import.meta.dirname, '../../public/animations/leaf.json');
const COMPONENT_PATH = resolve(import.meta.dirname, '../../components/ui/Lottie.tsx');
const leafText = readFileSync(LEAF_PATH, 'utf8');
const tiny = { v: '5.7.4', fr: 30, ip: 0, op: 60, w: 120, h: 120, layers: [] };

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/animations/leaf.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(leafText);
    } else if (request.url === '/animations/broken.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"v": "5.7.4", "layers": [');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** React logs errors thrown during render; keep the test output clean while asserting them. */
function silenceConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

function stubReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => ({
      matches: media === '(prefers-reduced-motion: reduce)' ? matches : false,
      media,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
}

describe('leaf.json', () => {
  it('is a Lottie document with the top-level fields', () => {
    const leaf: unknown = JSON.parse(leafText);
    expect(leaf).toMatchObject({
      v: expect.any(String),
      fr: 30,
      ip: 0,
      op: 60,
      w: 120,
      h: 120,
      layers: expect.any(Array),
    });
    expect((leaf as { layers: unknown[] }).layers.length).toBeGreaterThan(0);
    expect(leafText.length).toBeLessThan(8_000);
  });
});

describe('Lottie loading strategy', () => {
  // Runs before anything mounts the component, so the renderer module has not been requested yet.
  it('server-renders only the empty box, without loading the renderer', () => {
    const html = renderToString(<Lottie animationData={tiny} className="h-32" />);
    expect(html).toBe('<div class="h-32" aria-hidden="true"></div>');
    expect(renderer.loaded).toBe(false);
  });

  it('never imports lottie-react statically', () => {
    const source = readFileSync(COMPONENT_PATH, 'utf8');
    expect(source).not.toMatch(/^\s*import\s+(?!type\b)[^;]*from\s+['"]lottie-react['"]/m);
    expect(source).toContain("import('lottie-react')");
  });
});

describe('Lottie', () => {
  it('throws when given neither animationData nor animationLink', () => {
    silenceConsoleError();
    expect(() => render(<Lottie />)).toThrow('You must provide either animationLink or animationData');
  });

  it.each([0, -1])('throws for speed %d', (speed) => {
    silenceConsoleError();
    expect(() => render(<Lottie animationData={tiny} speed={speed} />)).toThrow('Speed must be greater than 0');
  });

  it('renders the player with animationData, speed, loop and autoplay', async () => {
    render(<Lottie animationData={tiny} speed={1.5} />);
    const player = await screen.findByTestId('lottie-player');
    expect(JSON.parse(player.dataset.src ?? '')).toEqual(tiny);
    expect(player.dataset.speed).toBe('1.5');
    expect(player.dataset.loop).toBe('true');
    expect(player.dataset.autoplay).toBe('true');
  });

  it('passes loop and autoplay through when they are turned off', async () => {
    render(<Lottie animationData={tiny} loop={false} autoplay={false} />);
    const player = await screen.findByTestId('lottie-player');
    expect(player.dataset.speed).toBe('1');
    expect(player.dataset.loop).toBe('false');
    expect(player.dataset.autoplay).toBe('false');
  });

  it('fetches animationLink from a server and renders the parsed animation', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<Lottie animationLink={`${origin}/animations/leaf.json`} speed={2} />);
    const player = await screen.findByTestId('lottie-player');
    expect(JSON.parse(player.dataset.src ?? '')).toEqual(JSON.parse(leafText));
    expect(player.dataset.speed).toBe('2');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`${origin}/animations/leaf.json`);
  });

  it.each([
    ['a 404', '/animations/missing.json'],
    ['invalid JSON', '/animations/broken.json'],
  ])('logs %s with console.error and renders nothing', async (_case, path) => {
    const consoleError = silenceConsoleError();
    const { container } = render(<Lottie animationLink={`${origin}${path}`} />);
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0]?.[0])).toContain(path);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByTestId('lottie-player')).toBeNull();
  });

  it('logs a network error with console.error and renders nothing', async () => {
    const consoleError = silenceConsoleError();
    const { container } = render(<Lottie animationLink="http://127.0.0.1:1/animations/leaf.json" />);
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('aborts the fetch when unmounted, without logging', async () => {
    const consoleError = silenceConsoleError();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { unmount } = render(<Lottie animationLink={`${origin}/animations/leaf.json`} />);
    const signal = fetchSpy.mock.calls[0]?.[1]?.signal;
    unmount();
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('neither autoplays nor loops when reduced motion is preferred', async () => {
    stubReducedMotion(true);
    render(<Lottie animationData={tiny} />);
    const player = await screen.findByTestId('lottie-player');
    expect(player.dataset.autoplay).toBe('false');
    expect(player.dataset.loop).toBe('false');
  });

  it('plays normally when reduced motion is not preferred', async () => {
    stubReducedMotion(false);
    render(<Lottie animationData={tiny} />);
    const player = await screen.findByTestId('lottie-player');
    expect(player.dataset.autoplay).toBe('true');
    expect(player.dataset.loop).toBe('true');
  });

  it('is decorative (aria-hidden) by default', async () => {
    const { container } = render(<Lottie animationData={tiny} className="size-24" />);
    await screen.findByTestId('lottie-player');
    const box = container.firstElementChild;
    expect(box).toHaveAttribute('aria-hidden', 'true');
    expect(box).toHaveClass('size-24');
    expect(box).not.toHaveAttribute('role');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an image named by label', async () => {
    render(<Lottie animationData={tiny} label="A growing leaf" />);
    const image = screen.getByRole('img', { name: 'A growing leaf' });
    expect(image).not.toHaveAttribute('aria-hidden');
    expect(await screen.findByTestId('lottie-player')).toBeInTheDocument();
  });
});
