import { buttonClass } from '@web/components/ui/button';

/** A small button that picks one image and hands it over at once (a course cover, a certificate signature). */
export function ImageUploadButton({ label, accept, onFile, testId }: { label: string; accept: string; onFile: (file: File) => void; testId?: string }) {
  return (
    <label className={buttonClass('secondary', 'sm', 'cursor-pointer focus-within:outline-2 focus-within:outline-primary-500')}>
      {label}
      <input type="file" accept={accept} className="sr-only" data-testid={testId} onChange={(e) => e.target.files?.[0] && onFile(e.target.files[0])} />
    </label>
  );
}
