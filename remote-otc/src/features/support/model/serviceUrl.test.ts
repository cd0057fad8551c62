import { fillServiceUrl, withTheme } from './serviceUrl';

describe('fillServiceUrl', () => {
  it('fills {id} and {name}, encoded', () => {
    expect(
      fillServiceUrl(
        'http://x/api/support/chat?t=abc&uid={id}&name={name}&terminal=mobile',
        '42',
        'a+b@example.com',
      ),
    ).toBe('http://x/api/support/chat?t=abc&uid=42&name=a%2Bb%40example.com&terminal=mobile');
    expect(fillServiceUrl('/chat?uid={id}&name={name}', null, null)).toBe('/chat?uid=&name=');
  });
});

describe('withTheme', () => {
  it('asks for the day theme only in day mode', () => {
    expect(withTheme('/chat?t=1', true)).toBe('/chat?t=1&theme=day');
    expect(withTheme('/chat', true)).toBe('/chat?theme=day');
    expect(withTheme('/chat?t=1', false)).toBe('/chat?t=1');
  });
});
