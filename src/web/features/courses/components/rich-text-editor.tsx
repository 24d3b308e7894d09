import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@web/lib/cx';
import { LESSON_CONTENT_CLASS } from '@web/components/ui/course-kit';

type TCommand = { key: string; command: string; value?: string; label: string };

/**
 * A small rich-text editor (bold, italic, headings, lists, quote, link) on a contenteditable area.
 * Whatever it produces is sanitized again by the server before it is stored or shown.
 */
export function RichTextEditor({ value, onChange, label, id }: { value: string; onChange: (html: string) => void; label: string; id: string }) {
  const { t } = useTranslation('courses');
  const area = useRef<HTMLDivElement>(null);
  // Only the initial value is written into the DOM; afterwards the DOM is the source of truth.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value && document.activeElement !== area.current) area.current.innerHTML = value;
  }, [value]);

  const commands: TCommand[] = [
    { key: 'bold', command: 'bold', label: t('editor.bold') },
    { key: 'italic', command: 'italic', label: t('editor.italic') },
    { key: 'h2', command: 'formatBlock', value: 'h2', label: t('editor.heading') },
    { key: 'h3', command: 'formatBlock', value: 'h3', label: t('editor.subheading') },
    { key: 'ul', command: 'insertUnorderedList', label: t('editor.bullets') },
    { key: 'ol', command: 'insertOrderedList', label: t('editor.numbers') },
    { key: 'quote', command: 'formatBlock', value: 'blockquote', label: t('editor.quote') },
  ];

  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    onChange(area.current?.innerHTML ?? '');
  };

  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-gray-800">
        {label}
      </span>
      <div className="overflow-hidden rounded-lg border border-gray-300 focus-within:outline-2 focus-within:outline-primary-500">
        <div role="toolbar" aria-label={t('editor.toolbar')} className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1">
          {commands.map((c) => (
            <button
              key={c.key}
              type="button"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c.command, c.value)}
              className="min-h-9 rounded-md px-2 text-sm text-gray-800 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              {c.label}
            </button>
          ))}
          <button
            type="button"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              const url = window.prompt(t('editor.linkPrompt'), 'https://');
              if (url && /^https?:\/\//i.test(url)) run('createLink', url);
            }}
            className="min-h-9 rounded-md px-2 text-sm text-gray-800 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary-500"
          >
            {t('editor.link')}
          </button>
        </div>
        <div
          ref={area}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          contentEditable
          suppressContentEditableWarning
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
          className={cx(LESSON_CONTENT_CLASS, 'min-h-40 bg-white p-3 text-gray-900 focus:outline-none')}
          data-testid="rich-text"
        />
      </div>
    </div>
  );
}
