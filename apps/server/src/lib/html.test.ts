import { describe, expect, it } from 'vitest';
import { html, htmlText, trusted } from './html';

describe('html``: markup with every value escaped', () => {
  it('escapes text and attribute values, quotes and apostrophes included', () => {
    const title = `<script>alert("x")</script> & Bob's`;
    expect(htmlText`<p title="${title}">${title}</p>`).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Bob&#39;s">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Bob&#39;s</p>',
    );
  });

  it('puts fragments and arrays of fragments in as they are, once escaped, and skips null, undefined and false', () => {
    const items = ['a<b', 'c&d'].map((t) => html`<li>${t}</li>`);
    expect(htmlText`<ul>${items}</ul>${null}${undefined}${false}${0}`).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul>0');
    expect(htmlText`${html`${'<'}`}`).toBe('&lt;'); // escaped once, not twice
    expect(htmlText`<b ${trusted('class="x"')}>`).toBe('<b class="x">');
  });

  it('answers a plain string (a String object would compare unequal)', () => {
    expect(typeof htmlText`<i>${'x'}</i>`).toBe('string');
  });

  it('refuses a promise among the values instead of answering a promise', () => {
    expect(() => html`<p>${Promise.resolve('late')}</p>`).toThrow(TypeError);
  });
});
