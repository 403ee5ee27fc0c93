import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { SupportForm } from './SupportForm.tsx';

const USER = 'user-1';
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function openForm() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SupportForm userId={USER} email="tendai@example.org" />
    </QueryClientProvider>,
  );
}

const write = (text: string) => fireEvent.change(screen.getByLabelText('Your message'), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

describe('the message to support', () => {
  it('keeps the words through a failed send, and sends them again under the same id', async () => {
    let reachable = false;
    const sent = stubServer(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return { status: 201, body: { data: { id: 'x', receivedAt: '2026-11-29T08:00:00.000Z' } } };
    });
    openForm();
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'problem' } });
    write('The rain log for Mũnda wa Tendai — Chikomo will not save.');
    send();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toContain('Mũnda wa Tendai');
    reachable = true;
    send();
    await screen.findByText(/Your message reached us/);
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((request) => request.body as { id: string; topic: string; message: string });
    expect(second!.id).toBe(first!.id);
    expect(second).toEqual({ id: first!.id, topic: 'problem', message: 'The rain log for Mũnda wa Tendai — Chikomo will not save.' });
    // Sent: the device forgets it, and the next message is a new one.
    expect(localStorage.getItem(`murimi.support-draft.${USER}`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Write another message' }));
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps an unsent message on the device when the page is closed, and checks it before sending', () => {
    const sent = stubServer(() => undefined);
    const first = openForm();
    write('Where do I see');
    first.unmount();
    openForm();
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('Where do I see');
    write('short');
    send();
    expect(screen.getByText('Write at least a sentence, so that we can help.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
