import { describe, expect, it } from 'vitest';
import { mergeVisitorHtml } from '../../src/lib/merge-fields';
import { sanitiseHtml } from '../../src/lib/safe-html';

const now = new Date('2026-03-01T15:04:00Z');
const merge = (html: string, contact: Record<string, unknown>) => mergeVisitorHtml(html, { now, contact }, () => {});

describe('mergeVisitorHtml: visitor values in seller HTML (issue 32)', () => {
  it("keeps the issue's attribute attack inside the attribute (a value is never a host)", () => {
    expect(merge('<img src={{contact.first_name}}>', { first_name: 'x onerror=alert(1)' })).toBe('<img>');
    expect(merge('<p title={{contact.first_name}}>Hi</p>', { first_name: 'x onmouseover=alert(1)' })).toBe('<p title="x onmouseover=alert(1)">Hi</p>');
    expect(merge('<p title="{{contact.first_name}}">Hi</p>', { first_name: '"><script>alert(1)</script>' })).toBe(
      '<p title="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;">Hi</p>',
    );
  });

  it('shows a value as text, never as markup', () => {
    expect(merge('<p>Thanks {{contact.first_name}}!</p>', { first_name: '<img src=x onerror=alert(1)>' })).toBe(
      '<p>Thanks &#60;img src=x onerror=alert(1)&#62;!</p>',
    );
    expect(merge('Hi {{contact.first_name}}', { first_name: '{{today}}' })).toBe('Hi {{today}}');
  });

  it('drops a javascript: URL a value makes, and fills a link only after its host', () => {
    expect(merge('<a href="{{contact.site}}">site</a>', { site: 'javascript:alert(1)' })).toBe('<a>site</a>');
    expect(merge('<a href="https://seller.example{{contact.site}}/x">s</a>', { site: '.evil.example' })).toBe('<a href="https://seller.example/x">s</a>');
    expect(merge('<a href="https://seller.example/?n={{contact.n}}">s</a>', { n: 'a&b=c' })).toBe('<a href="https://seller.example/?n=a%26b%3Dc">s</a>');
  });

  it('keeps a field it cannot fill as written', () => {
    const reports: string[] = [];
    expect(mergeVisitorHtml('<b>{{nonsense}}</b>', { now, contact: {} }, (field) => reports.push(field))).toBe('<b>{{nonsense}}</b>');
    expect(reports).toEqual(['nonsense']);
  });
});

describe('sanitiseHtml', () => {
  it('keeps the rich text a seller writes', () => {
    const html =
      '<h2 style="text-align: center">Thank you</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>gone</s><br>' +
      '<a href="https://seller.example/next" target="_blank">next</a> <a href="mailto:a@b.co">mail</a> <a href="tel:+15551234">call</a></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><img src="https://cdn.example/a.png" alt="A" width="40"><span class="note">&amp; &eacute;</span>';
    expect(sanitiseHtml(html)).toBe(
      html.replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">').replace('text-align: center', 'text-align: center'),
    );
  });

  it('drops script, style, iframe, svg and math with everything inside', () => {
    expect(sanitiseHtml('a<script>alert(1)</script>b<style>*{x:y}</style>c<iframe src="https://e.x"></iframe>d')).toBe('abcd');
    expect(sanitiseHtml('<svg onload=alert(1)><script>alert(1)</script></svg>ok<math><mi>x</mi></math>')).toBe('ok');
    expect(sanitiseHtml('<SCRIPT>alert(1)</SCRIPT >x<script>never closed')).toBe('x');
  });

  it('drops event handlers, unknown attributes and unsafe URLs', () => {
    expect(sanitiseHtml('<p onclick="alert(1)" ONMOUSEOVER=alert(1) data-x="1" class="c">t</p>')).toBe('<p class="c">t</p>');
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'jav&#97;script:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(sanitiseHtml(`<a href="${url}">x</a><img src="${url}">`)).toBe('<a>x</a><img>');
    }
    expect(sanitiseHtml('<a href="javascript&colon;alert(1)">x</a>')).toBe('<a href="https://javascript&#38;colon;alert(1)">x</a>');
    expect(sanitiseHtml('<p style="background:url(https://e.x/t)">x</p><p style="color:red">y</p>')).toBe('<p>x</p><p style="color:red">y</p>');
  });

  it('shows unclosed or broken tags as text and closes open ones', () => {
    expect(sanitiseHtml('<img src=x onerror=alert(1)')).toBe('&lt;img src=x onerror=alert(1)');
    expect(sanitiseHtml('<b>bold <i>both')).toBe('<b>bold <i>both</i></b>');
    expect(sanitiseHtml('a</b></p>b<p>c</div>')).toBe('ab<p>c</p>');
    expect(sanitiseHtml('1 < 2 > 0 <3')).toBe('1 &lt; 2 &gt; 0 &lt;3');
  });

  it('drops comments, doctype and unknown tags but keeps their text', () => {
    expect(sanitiseHtml('<!-- <script>alert(1)</script> -->a<!doctype html><form action="https://e.x"><input value=1>b</form><font color=red>c</font>')).toBe(
      'abc',
    );
    expect(sanitiseHtml('<!--><img src=x onerror=alert(1)>-->')).toBe('');
  });

  it('reads entity tricks in attributes as the browser does and writes them back escaped', () => {
    expect(sanitiseHtml('<p title="&quot;&gt;&lt;script&gt;">x</p>')).toBe('<p title="&#34;&#62;&#60;script&#62;">x</p>');
    expect(sanitiseHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
