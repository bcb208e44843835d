import { describe, expect, it } from 'vitest';
import { continueAuthorizationHref, isAuthorizationRedirect, requestedScopes, resumeAuthorizationPath } from './authorization-query';

const signed = new URLSearchParams({
  response_type: 'code',
  client_id: 'abc',
  redirect_uri: 'https://client.example/cb',
  scope: 'openid profile openid',
  state: 's1',
  prompt: 'login consent',
  max_age: '0',
  exp: '123',
  ba_iat: '456',
  sig: 'signature',
});
signed.append('ba_param', 'client_id');

describe('continuing an OAuth authorization after sign-in', () => {
  it('sends the person back to the authorization endpoint with the request, without the signing fields or the login prompt', () => {
    const href = continueAuthorizationHref(signed)!;
    expect(href.startsWith('/auth/v1/oauth2/authorize?')).toBe(true);
    const query = new URLSearchParams(href.split('?')[1]);
    expect(query.get('client_id')).toBe('abc');
    expect(query.get('redirect_uri')).toBe('https://client.example/cb');
    expect(query.get('state')).toBe('s1');
    expect(query.get('prompt')).toBe('consent');
    for (const name of ['sig', 'exp', 'ba_iat', 'ba_param', 'max_age']) expect(query.has(name)).toBe(false);
  });

  it('does nothing on an ordinary /login', () => {
    expect(isAuthorizationRedirect(new URLSearchParams('tab=sign-up'))).toBe(false);
    expect(continueAuthorizationHref(new URLSearchParams('client_id=abc'))).toBeNull();
  });

  it('a mailed sign-in link returns to /login with the signed request, which carries the authorization on', () => {
    const path = resumeAuthorizationPath(signed)!;
    expect(path.startsWith('/login?')).toBe(true);
    const back = new URLSearchParams(path.slice('/login?'.length));
    expect(back.toString()).toBe(signed.toString());
    expect(continueAuthorizationHref(back)).toBe(continueAuthorizationHref(signed));
    expect(resumeAuthorizationPath(new URLSearchParams('tab=sign-up'))).toBeNull();
  });

  it('lists the requested scopes once each', () => {
    expect(requestedScopes(signed)).toEqual(['openid', 'profile']);
  });
});
