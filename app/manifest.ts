import type { MetadataRoute } from 'next';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Équilibre Nutrition',
    short_name: 'Équilibre',
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#1f6f50',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}
