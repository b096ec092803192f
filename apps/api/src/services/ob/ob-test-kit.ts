import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';

/*
 * What the open-banking tests share: the hydra members of an answer, the property paths of its
 * violations, and the hosted pages walked as a user does (the connect flow's steps, forms).
 */

export const members = <T>(response: { json: () => unknown }): T[] => {
  const body = response.json() as T[] | { 'hydra:member': T[] };
  return Array.isArray(body) ? body : body['hydra:member'];
};

export const violationPaths = (response: {
  json: () => { violations?: { propertyPath: string }[] };
}) => (response.json().violations ?? []).map((entry) => entry.propertyPath);

/** A hosted page's path from its absolute link. */
export const pathOf = (url: string) => new URL(url).pathname;

/** Posts a hosted page's form as a browser does. */
export function postForm(t: TestApp, url: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  return t.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

export interface ConnectSteps {
  bank?: string;
  username?: string;
  password?: string;
  otp?: string;
  accounts?: string[];
  days?: string;
  refuse?: boolean;
}

/** Walks the hosted connect (or reconnect) flow page after page; answers its last page. */
export async function connectThrough(t: TestApp, link: string, steps: ConnectSteps) {
  const page = pathOf(link);
  expect((await t.request({ method: 'GET', url: page })).statusCode).toBe(200);
  if (steps.bank)
    expect((await postForm(t, `${page}/bank`, { bank: steps.bank })).statusCode).toBe(303);
  await postForm(t, `${page}/login`, {
    username: steps.username ?? 'mario',
    password: steps.password ?? 'secret',
  });
  if (steps.otp) await postForm(t, `${page}/otp`, { code: steps.otp });
  if (steps.accounts) await postForm(t, `${page}/accounts`, { account: steps.accounts });
  await postForm(t, `${page}/consent`, {
    decision: steps.refuse ? 'refuse' : 'give',
    days: steps.days ?? '90',
  });
  return t.request({ method: 'GET', url: page });
}
