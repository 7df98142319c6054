'use client';

import { useTranslations } from 'next-intl';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';

function CloseButton({ closeToast }: CloseButtonProps) {
  const t = useTranslations('Toasts');
  return (
    <button type="button" className="toast-close" onClick={closeToast} aria-label={t('close')}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** SPEC §9: top-right, 5 s, click/drag to dismiss, pause on hover and focus loss, at most 20, newest on top. */
export default function ToastHost() {
  const t = useTranslations('Toasts');
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
      aria-label={t('region')}
    />
  );
}
