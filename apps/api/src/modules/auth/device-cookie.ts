import { Signer } from '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { SETTINGS } from '../../config/settings.module';
import { derivedKey, type Settings } from '../../config/settings';

/** The device cookie's name, and the one path a browser sends it to: the log-in form's. */
export const DEVICE_COOKIE = 'login_device';
export const DEVICE_COOKIE_PATH = '/auth/login';
/** About a year: a browser used now and then stays a known device. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** A client (a browser, or any that keeps cookies) that logged in to an account before. */
export interface Device {
  accountId: string;
  /** Random, so that each device has a back-off of its own (LoginBackoff.fromDevice). */
  id: string;
}

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a successful log-in gives
 * the client a cookie naming the account and a random device id, signed with an HMAC (@fastify/cookie's Signer)
 * under a key derived from the JWT secret, so that no one can make one up or change it. A later log-in to the same
 * account that presents it is counted against that device alone (AuthService.login), not against the clients that
 * strangers lock out nor the address's ceiling.
 *
 * HttpOnly (no script reads it), SameSite=Strict and limited to the log-in path (no other request carries it),
 * Secure when the request came over https (as TRUST_PROXY's proxies say, behind one). The portal, served from the
 * API's origin, logs in with the SDK's fetch, which sends and keeps same-origin cookies.
 */
@Injectable()
export class DeviceCookie {
  private readonly signer: Signer;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.signer = new Signer(derivedKey(settings, 'device cookie'));
  }

  /** The device the request's cookie names, when this service signed it; null for none, a forged or a bad one. */
  read(request: FastifyRequest): Device | null {
    const header = request.headers.cookie;
    const cookie = header ? request.server.parseCookie(header)[DEVICE_COOKIE] : undefined;
    if (!cookie) return null;
    const unsigned = this.signer.unsign(cookie);
    if (!unsigned.valid) return null;
    const [accountId, id, ...rest] = unsigned.value.split('.');
    return accountId && id && rest.length === 0 ? { accountId, id } : null;
  }

  /**
   * Marks the client as a device of `accountId` after a successful log-in: the same device again (a year from now)
   * when its cookie already named this account, else a new one.
   */
  remember(reply: FastifyReply, accountId: string, presented: Device | null): void {
    const id = presented?.accountId === accountId ? presented.id : randomBytes(16).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, this.signer.sign(`${accountId}.${id}`), {
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
    });
  }
}
