'use client';

import { useShellTexts } from '@/components/app/ShellTexts';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';

function CloseButton({ closeToast }: CloseButtonProps) {
  const { toasts } = useShellTexts();
  return (
    <button type="button" className="toast-close" onClick={closeToast} aria-label={toasts.close}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** SPEC §9: top-right, 5 s, click/drag to dismiss, pause on hover and focus loss, at most 20, newest on top. */
export default function ToastHost() {
  const { toasts } = useShellTexts();
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={60}
      closeButton={CloseButton}
      hideProgressBar={false}
      newestOnTop
      limit={20}
      aria-label={toasts.region}
    />
  );
}
