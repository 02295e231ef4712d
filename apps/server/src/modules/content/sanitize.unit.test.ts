import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

const UPLOAD = '/media/0123456789abcdef0123456789abcdef.webp';

describe("the allow-list of operators' rich text", () => {
  it('drops scripts with their content, event handlers, styles, classes and frames', () => {
    expect(
      sanitizeRichText(
        '<img src=x onerror=alert(1)><script>alert(1)</script><style>p{}</style><p class="c" style="color:red" onclick="x()">Hi</p><iframe src="https://example.com"></iframe><object data="x"></object>',
      ),
    ).toBe('<p>Hi</p>');
  });

  it('keeps links to https, mail, phone and app paths, and drops javascript:, data: and protocol-relative ones', () => {
    const rel = 'rel="noopener noreferrer nofollow"';
    expect(sanitizeRichText('<a href="https://example.com">a</a>')).toBe(
      `<a href="https://example.com" target="_blank" ${rel}>a</a>`,
    );
    expect(sanitizeRichText('<a href="/pagesB/home/news">a</a>')).toBe(`<a href="/pagesB/home/news" ${rel}>a</a>`);
    expect(sanitizeRichText('<a href="mailto:a@b.example">a</a>')).toBe(`<a href="mailto:a@b.example" ${rel}>a</a>`);
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.example.com',
      'http://x',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">a</a>`), href).toBe(`<a ${rel}>a</a>`);
    }
  });

  it('opens a web address in a new tab without access to the opener, an app path in the app', () => {
    expect(sanitizeRichText('<a href="https://e.example" target="_top" rel="opener">a</a>')).toBe(
      '<a href="https://e.example" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
    expect(sanitizeRichText('<a href="/pagesB/home/news" target="_blank">a</a>')).toBe(
      '<a href="/pagesB/home/news" rel="noopener noreferrer nofollow">a</a>',
    );
  });

  it('keeps images of our own uploads only', () => {
    expect(sanitizeRichText(`<p><img src="${UPLOAD}" alt="Plant" width="9"></p>`)).toBe(
      `<p><img src="${UPLOAD}" alt="Plant" /></p>`,
    );
    expect(sanitizeRichText('<p>x<img src="https://tracker.example/p.gif"></p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p>x<img src="data:image/png;base64,AAAA"></p>')).toBe('<p>x</p>');
  });

  it('an image alone is content; empty paragraphs and whitespace are not', () => {
    expect(sanitizeRichText(`<p><img src="${UPLOAD}"></p>`)).toBe(`<p><img src="${UPLOAD}" /></p>`);
    expect(sanitizeRichText('<p></p><p> </p><br>')).toBe('');
    expect(sanitizeRichText('<script>only a script</script>')).toBe('');
  });
});
