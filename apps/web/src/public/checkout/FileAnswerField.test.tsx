import type { FileAnswer, PublicQuestionDto } from '@admitone/shared';
import { useForm } from '@mantine/form';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/api-error';
import { renderWithProviders } from '../../test-utils/render';
import type { AnswerUpload } from './FileAnswerField';
import { QuestionField } from './QuestionField';

const question = {
  id: 7,
  title: 'Student card',
  description: null,
  type: 'FILE',
  options: [],
  option_labels: [],
  required: true,
  applies_to: 'ORDER',
  ticket_ids: [],
} as PublicQuestionDto;

const saved: FileAnswer = { file_id: 41, name: 'card.pdf', size: 24_500, type: 'application/pdf' };

let values: { answers: Record<string, unknown> } = { answers: {} };
let errors: Record<string, unknown> = {};
function Harness({ upload, initial = '', error }: { upload?: AnswerUpload; initial?: unknown; error?: string }) {
  const form = useForm({
    initialValues: { answers: { '7': initial } },
    initialErrors: error ? { 'answers.7': error } : {},
  });
  values = form.getValues();
  errors = form.errors;
  return <QuestionField question={question} form={form as never} path="answers.7" upload={upload} />;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const pdf = (name = 'card.pdf', size = 100) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('the checkout file field (FILE questions)', () => {
  it('is a labelled group with a button that opens the file picker, for the types the server takes', () => {
    renderWithProviders(<Harness upload={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Student card (required)' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Choose a file' });
    expect(button.tagName).toBe('BUTTON');
    expect(screen.getByText('PDF, JPEG, PNG or WebP, at most 5 MB.').id).toBe(button.getAttribute('aria-describedby'));
    expect(fileInput().accept).toBe('application/pdf,image/jpeg,image/png,image/webp');
  });

  it('uploads the chosen file, shows its name and size, keeps its answer, and can remove it', async () => {
    const upload = vi.fn<AnswerUpload>(async () => saved);
    renderWithProviders(<Harness upload={upload} error="This field is required." />);
    pick(pdf());
    expect(upload).toHaveBeenCalledWith(7, expect.any(File));
    expect(upload.mock.calls[0]![1].name).toBe('card.pdf');
    await waitFor(() => expect(screen.getByText('card.pdf')).toBeTruthy());
    expect(screen.getByText('24.5 kB')).toBeTruthy();
    expect(values.answers['7']).toEqual(saved);
    // The required error of an earlier Continue goes once there is a file.
    expect(errors['answers.7']).toBeUndefined();
    expect(screen.getByRole('status').textContent).toBe('card.pdf uploaded.');
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(values.answers['7']).toBe('');
    expect(screen.queryByText('card.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });

  it("shows the server's refusal under the field, and marks the button invalid", async () => {
    const refusal = new ApiError(422, 'VALIDATION_FAILED', 'The data is not valid.', {
      'answers.7': ['Upload a PDF, JPEG, PNG or WebP file.'],
    });
    const upload = vi.fn<AnswerUpload>(async () => Promise.reject(refusal));
    renderWithProviders(<Harness upload={upload} />);
    pick(pdf('setup.pdf'));
    await waitFor(() => expect(screen.getByText('Upload a PDF, JPEG, PNG or WebP file.')).toBeTruthy());
    const button = screen.getByRole('button', { name: 'Choose a file' });
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toContain(
      screen.getByText('Upload a PDF, JPEG, PNG or WebP file.').id,
    );
    expect(values.answers['7']).toBe('');
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const upload = vi.fn<AnswerUpload>();
    renderWithProviders(<Harness upload={upload} />);
    pick(pdf('scan.pdf', 5 * 1024 * 1024 + 1));
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByText('The file must be at most 5 MB.')).toBeTruthy();
  });

  it('shows the button busy while the file uploads', async () => {
    let finish: (v: FileAnswer) => void = () => undefined;
    const upload = vi.fn<AnswerUpload>(() => new Promise<FileAnswer>((resolve) => (finish = resolve)));
    renderWithProviders(<Harness upload={upload} />);
    pick(pdf());
    expect(screen.getByRole('status').textContent).toBe('Uploading card.pdf…');
    expect(screen.getByRole('button', { name: /Choose a file/ }).hasAttribute('disabled')).toBe(true);
    finish(saved);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Choose another file' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('without an upload (a later correction) only shows the file', () => {
    renderWithProviders(<Harness initial={saved} />);
    expect(screen.getByText('card.pdf')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
