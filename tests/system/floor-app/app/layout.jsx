// The JavaScript floor (issue 14): a bare App Router page with the same Next and React as the
// site. `npm run test:js-budget -- --floor` builds it and records what its page loads.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
