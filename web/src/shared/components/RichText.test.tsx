import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './RichText';

describe('RichText (an announcement body as React elements)', () => {
  it('renders paragraphs, line breaks, bullets, bold, italic and https links', () => {
    const { container } = render(<RichText source={'**Clinicals** start *Monday*.\nBring your badge.\n\n- Scrubs\n- Stethoscope\n\nMap: https://example.edu/map.'} />);
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(screen.getByText('Clinicals').tagName).toBe('STRONG');
    expect(screen.getByText('Monday').tagName).toBe('EM');
    expect(paragraphs[0]!.querySelectorAll('br')).toHaveLength(1);
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Scrubs', 'Stethoscope']);
    const link = screen.getByRole('link', { name: 'https://example.edu/map' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://example.edu/map', '_blank', 'noopener noreferrer']);
  });

  it('shows markup as text: no element comes from the source, and only https becomes a link', () => {
    const source = '<script>alert(1)</script> <img src=x onerror=alert(2)> <a href="javascript:alert(3)">x</a> http://plain.example';
    const { container } = render(<RichText source={source} />);
    expect(container.querySelector('script, img, a')).toBeNull();
    expect(container.textContent).toBe(source);
  });
});
