import { describe, expect, it } from 'vitest';
import { attachmentFromPayload, invoiceAttachments } from './invoice-attachments';

const payload = JSON.stringify({
  fattura_elettronica_body: [
    { allegati: [{ nome_attachment: 'a.txt', attachment: 'aGVs\nbG8=' }] },
    { allegati: [{ nome_attachment: 'b', formato_attachment: 'pdf', attachment: 'JVBERg==' }] },
  ],
});

describe('attachmentFromPayload (a draft has no attachment endpoint)', () => {
  it('decodes the attachment at the position the list shows', async () => {
    expect(invoiceAttachments(payload).map((entry) => entry.name)).toEqual(['a.txt', 'b']);
    const first = attachmentFromPayload(payload, 0);
    expect(first?.name).toBe('a.txt');
    expect(first?.type).toBe('application/octet-stream');
    expect(await first?.text()).toBe('hello');
    const second = attachmentFromPayload(payload, 1);
    expect(second?.type).toBe('application/pdf');
    expect(await second?.text()).toBe('%PDF');
  });

  it('gives nothing for a missing attachment or a payload that is not JSON', () => {
    expect(attachmentFromPayload(payload, 2)).toBeNull();
    expect(attachmentFromPayload('<xml/>', 0)).toBeNull();
  });
});
