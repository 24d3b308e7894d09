import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '@web/components/file-picker';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { TextAreaField, TextField } from '@web/components/ui/form-field';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { messageKeys, type TThread } from './api';

type TProps = {
  title: string;
  thread: UseQueryResult<TThread>;
  q: string;
  onSearch: (q: string) => void;
  send: (body: string) => Promise<unknown>;
  /** An image or a PDF, with the text as its caption. */
  attach: (file: File, caption: string) => Promise<unknown>;
  fileUrl: (messageId: string) => string;
};

/** What the server stores (decision 182): images re-encoded to WebP, PDFs. Only these are shown as <img>. */
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
const SHOWN_AS_IMAGE = new Set(['image/webp']);
const CAPTION_MAX = 500;

function Attachment({ mime, url }: { mime: string; url: string }) {
  const { t } = useTranslation('notifications');
  if (SHOWN_AS_IMAGE.has(mime))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="mt-2 block" data-testid="message-image">
        <img src={url} alt={t('messages.image')} loading="lazy" className="max-h-64 max-w-full rounded-lg border border-gray-200" />
      </a>
    );
  return (
    <a href={url} download className="mt-2 inline-block font-semibold text-primary-700 underline" data-testid="message-file">
      {t('messages.file')}
    </a>
  );
}

/** The composer: a text, or a file with the text as its caption. */
function Composer({ send, attach }: Pick<TProps, 'send' | 'attach'>) {
  const { t } = useTranslation('notifications');
  const errorText = useErrorText();
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const mutation = useMutation({
    mutationFn: () => (file ? attach(file, body.slice(0, CAPTION_MAX)) : send(body)),
    onSuccess: async () => {
      setBody('');
      setFile(null);
      await client.invalidateQueries({ queryKey: messageKeys.all });
    },
    onError: (e) => notify.error(errorText(e)),
  });
  const ready = Boolean(file) || Boolean(body.trim());
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) mutation.mutate();
      }}
    >
      <TextAreaField
        label={t('messages.write')}
        value={body}
        onValueChange={setBody}
        maxLength={file ? CAPTION_MAX : 4000}
        rows={3}
        data-testid="message-input"
      />
      <FilePicker
        id="message-file"
        testId="message-file-input"
        label={t('messages.attach')}
        hint={t('messages.attachHint')}
        accept={ACCEPT}
        file={file}
        onChange={setFile}
      />
      <Button type="submit" busy={mutation.isPending} disabled={!ready} data-testid="message-send">
        {t('messages.send')}
      </Button>
    </form>
  );
}

/**
 * One conversation: the composer first, then the messages newest first. Every message is rendered as text
 * (React escapes it): nothing anyone types becomes HTML (decision 149).
 */
export function ThreadView({ title, thread, q, onSearch, send, attach, fileUrl }: TProps) {
  const { t } = useTranslation('notifications');
  const date = useDateFormat();
  return (
    <section aria-labelledby="thread-title" className="space-y-3" data-testid="thread">
      <h2 id="thread-title" className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      <Composer send={send} attach={attach} />
      <TextField label={t('messages.search')} type="search" value={q} onValueChange={onSearch} />
      {thread.isPending ? (
        <LoadingBlock />
      ) : thread.isError ? (
        <QueryError query={thread} />
      ) : thread.data.messages.length === 0 ? (
        <p className="text-gray-600">{t('messages.empty')}</p>
      ) : (
        <ol className="space-y-2">
          {thread.data.messages.map((m) => (
            <li
              key={m.id}
              data-testid="message"
              className={m.mine ? 'ms-8 rounded-xl bg-primary-50 p-3' : 'me-8 rounded-xl border border-gray-200 bg-white p-3'}
            >
              <p className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
                <span className="font-semibold">
                  {m.mine ? t('messages.you') : m.senderRole === 'teacher' ? thread.data.teacher.name : thread.data.student.name}
                </span>
                {m.broadcast && <Badge tone="amber">{t('messages.broadcastTag')}</Badge>}
                <time dateTime={m.createdAt}>{date(m.createdAt)}</time>
                {m.mine && <span>{m.readAt ? t('messages.seen') : t('messages.notSeen')}</span>}
              </p>
              {m.body && <p className="mt-1 whitespace-pre-line break-words text-gray-900">{m.body}</p>}
              {m.attachment && <Attachment mime={m.attachment.mime} url={fileUrl(m.id)} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
