import { describe, expect, it } from 'vitest';
import { renderDigest, renderEmail, renderNotice, TEMPLATES, type TemplateId } from './templates.js';

// record contents a template could be tempted to put in an email
const params = {
  intentId: 'pi_123',
  amountCents: 123_456,
  reason: 'Insufficient funds on card',
  documentTitle: 'Hepatitis B titer results',
  importId: 'imp-1',
  created: 7,
  skipped: 1,
  failed: 2,
};
const recordContents = ['1,234.56', '1234.56', 'Insufficient funds', 'Hepatitis B', 'titer'];

describe('notice templates', () => {
  const ids = (Object.keys(TEMPLATES) as TemplateId[]).filter((id) => id !== 'announcement');

  it.each(ids)('%s: the email says what happened and links back, with no record contents', (id) => {
    const email = renderEmail(id, params, 'https://portal.school.edu');
    for (const secret of recordContents) {
      expect(email.subject).not.toContain(secret);
      expect(email.html).not.toContain(secret);
      expect(email.text).not.toContain(secret);
    }
    expect(email.text).toContain('https://portal.school.edu/');
    expect(email.html).toMatch(/<a href="https:\/\/portal\.school\.edu\/[^"]*"/);
  });

  it('lets the in-app notice, which only its owner reads, name the amount and the document', () => {
    expect(renderNotice('payment_succeeded', params).body).toContain('$1,234.56');
    expect(renderNotice('document_required', params).body).toContain('Hepatitis B titer results');
    expect(renderNotice('payment_succeeded', params).link).toBe('/payments/pi_123/receipt');
  });

  it("sends an announcement's own text, formatted and escaped", () => {
    const email = renderEmail('announcement', { subject: 'Clinical <b>orientation</b>', body: '**Bring** your badge\n- <script>x</script>' }, 'https://portal.school.edu');
    expect(email.subject).toBe('Clinical <b>orientation</b>'); // a subject line is text, not HTML
    expect(email.html).toContain('<h1 style="font-size:20px;margin:0 0 16px">Clinical &lt;b&gt;orientation&lt;/b&gt;</h1>');
    expect(email.html).toContain('<strong>Bring</strong> your badge');
    expect(email.html).toContain('<li>&lt;script&gt;x&lt;/script&gt;</li>');
    expect(email.text).toContain('Bring your badge\n\n- <script>x</script>');
  });

  it('counts a digest without saying what the notices were', () => {
    const digest = renderDigest('billing', 3, 'https://portal.school.edu');
    expect(digest.subject).toBe('You have 3 new notices in Portal');
    expect(digest.text).toContain('https://portal.school.edu/notifications');
    expect(renderDigest('announcement', 1, 'https://p').subject).toBe('You have 1 new notice in Portal');
  });
});
