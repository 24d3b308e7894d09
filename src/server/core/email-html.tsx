import { Body, Button, Container, Head, Hr, Html, Link, Preview, render, Section, Text } from '@react-email/components';
import { directionOf, type TLanguage } from '@shared/i18n';

/*
 * The HTML part of Darsi's e-mails, notices (issue 26, decision 183) and account e-mails (decision 211), built with
 * React Email: table-based markup with inline styles that Gmail and Outlook render, right-to-left for Arabic on every
 * block (Outlook ignores the <html dir>). Every text is a React child, so whatever a teacher or a student typed is
 * escaped; links are only the URLs found in Darsi's own texts. The plain-text part stays the message's first part.
 */
export type TEmailHtml = {
  lng: TLanguage;
  title: string;
  /** Paragraphs; a URL inside one becomes a link. */
  paragraphs: string[];
  action?: { label: string; href: string };
  footer?: string[];
};

const FONT = "'Segoe UI', Tahoma, Arial, 'Noto Sans Arabic', sans-serif";
const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} style={{ color: '#1d4ed8', wordBreak: 'break-all' }}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

function NoticeEmail({ lng, title, paragraphs, action, footer = [] }: TEmailHtml) {
  const dir = directionOf(lng);
  const align = dir === 'rtl' ? 'right' : 'left';
  const block = { direction: dir, textAlign: align, fontFamily: FONT } as const;
  return (
    <Html lang={lng} dir={dir}>
      <Head />
      <Preview>{title}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', margin: 0, padding: '24px 0' }}>
        <Container dir={dir} style={{ ...block, backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: 24 }}>
          <Text style={{ ...block, fontSize: 20, fontWeight: 700, color: '#111827', margin: '0 0 12px' }}>{title}</Text>
          {paragraphs.map((p, i) => (
            <Text key={i} style={{ ...block, fontSize: 16, lineHeight: '26px', color: '#1f2937', whiteSpace: 'pre-line', margin: '0 0 12px' }}>
              <Linked text={p} />
            </Text>
          ))}
          {action && (
            <Section style={{ ...block, margin: '8px 0 16px' }}>
              <Button
                href={action.href}
                style={{ backgroundColor: '#1d4ed8', color: '#ffffff', borderRadius: 8, padding: '12px 20px', fontFamily: FONT, fontWeight: 700 }}
              >
                {action.label}
              </Button>
            </Section>
          )}
          {footer.length > 0 && <Hr style={{ borderColor: '#e5e7eb', margin: '16px 0' }} />}
          {footer.map((f, i) => (
            <Text key={i} style={{ ...block, fontSize: 13, lineHeight: '20px', color: '#6b7280', margin: '0 0 6px' }}>
              <Linked text={f} />
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}

export function emailHtml(input: TEmailHtml): Promise<string> {
  return render(<NoticeEmail {...input} />);
}

/** A domain's plain text as paragraphs (blank lines apart). */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
