/**
 * The contact, feedback and newsletter forms: checked here first (required fields, e-mail shape), then
 * sent as JSON to /api/site/{form}. Field errors from the server are shown under each field; the whole
 * form gets the exact success or failure message of spec §8.
 */

type TErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> } };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function setFieldError(form: HTMLFormElement, name: string, message: string | null) {
  const input = form.elements.namedItem(name);
  const slot = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
  if (input instanceof HTMLElement) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  if (slot) {
    slot.textContent = message ?? '';
    slot.hidden = !message;
  }
}

function setStatus(form: HTMLFormElement, state: 'success' | 'error' | null, message: string) {
  const status = form.querySelector<HTMLElement>('[data-form-status]');
  if (!status) return;
  if (state) status.dataset.state = state;
  else delete status.dataset.state;
  status.textContent = message;
}

/** Client-side checks, with the same messages the server would give. */
export function localErrors(form: HTMLFormElement): Record<string, string> {
  const errors: Record<string, string> = {};
  const special = JSON.parse(form.dataset.requiredFields ?? '{}') as Record<string, string>;
  for (const el of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    const value = el.value.trim();
    if (el.required && !value) errors[el.name] = special[el.name] ?? form.dataset.required ?? '';
    else if (el.type === 'email' && value && !EMAIL.test(value)) errors[el.name] = form.dataset.emailInvalid ?? '';
  }
  return errors;
}

async function submit(form: HTMLFormElement) {
  const name = form.dataset.siteForm ?? '';
  const fields = [...new FormData(form).entries()].filter(([, v]) => typeof v === 'string');
  fields.forEach(([key]) => setFieldError(form, key, null));
  setStatus(form, null, '');

  const errors = localErrors(form);
  const first = Object.keys(errors)[0];
  if (first) {
    Object.entries(errors).forEach(([key, message]) => setFieldError(form, key, message));
    (form.elements.namedItem(first) as HTMLElement | null)?.focus();
    return;
  }

  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (button) button.disabled = true;
  try {
    const res = await fetch(`/api/site/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(Object.fromEntries(fields)),
    });
    if (res.ok) {
      form.reset();
      setStatus(form, 'success', form.dataset.success ?? '');
      return;
    }
    const body = (await res.json().catch(() => ({}))) as TErrorBody;
    const serverFields = body.error?.fields ?? {};
    Object.entries(serverFields).forEach(([key, message]) => setFieldError(form, key, message));
    // Too many attempts has its own message (with the wait); anything else is the form's failure message.
    const message = body.error?.code === 'RATE_LIMITED' ? (body.error.message ?? '') : (form.dataset.failure ?? '');
    setStatus(form, 'error', message);
  } catch {
    setStatus(form, 'error', form.dataset.failure ?? '');
  } finally {
    if (button) button.disabled = false;
  }
}

export function initForms(doc: Document = document) {
  doc.querySelectorAll<HTMLFormElement>('form[data-site-form]').forEach((form) => {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(form);
    });
  });
}
