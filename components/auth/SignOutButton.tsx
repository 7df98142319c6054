'use client';

import { useState } from 'react';
import { useAuthStore } from '@/stores/StoresProvider';

/**
 * Signs out (the store also resets the profile and the booking stores). On a page that needs
 * an account, its guard then sends the visitor to the sign-in page; elsewhere they stay put.
 */
export function SignOutButton({ className, label, pendingLabel }: { className?: string; label: string; pendingLabel: string }) {
  const logout = useAuthStore((s) => s.logout);
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await logout();
        } finally {
          setPending(false);
        }
      }}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
