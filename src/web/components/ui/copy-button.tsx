import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@web/lib/notify';
import { Button } from './button';
import { CheckIcon, CopyIcon } from './icons';

/** The async clipboard needs a secure context; older or locked-down browsers get the selection fallback. */
async function writeClipboard(text: string) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: fall through to the selection copy.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** Copies `text`, confirms with a toast and, for a moment, a check mark. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await writeClipboard(text);
      setCopied(true);
      notify.success(t('common.copied'));
      window.setTimeout(() => setCopied(false), 2_000);
    } catch {
      notify.error(t('common.copyFailed'));
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} data-testid={testId} aria-label={label}>
      {copied ? <CheckIcon className="h-4 w-4 text-green-600" /> : <CopyIcon className="h-4 w-4" />}
      <span>{copied ? t('common.copiedShort') : t('common.copy')}</span>
    </Button>
  );
}
