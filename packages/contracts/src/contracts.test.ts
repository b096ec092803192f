import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  passwordChangeRequestSchema,
  preSaleActionRequestSchema,
  subAccountCreateRequestSchema,
} from './index.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('form contracts carry the spec messages', () => {
  it('login', () => {
    expect(messages(loginRequestSchema.safeParse({}))).toEqual([
      'email: Email is required',
      'password: Password is required',
    ]);
    expect(messages(loginRequestSchema.safeParse({ email: 'x', password: 'p' }))).toEqual([
      'email: Must be a valid email',
    ]);
    expect(
      messages(loginRequestSchema.safeParse({ email: `${'a'.repeat(260)}@x.it`, password: 'p' })),
    ).toEqual(['email: This value is too long. It should have 255 characters or less.']);
    expect(loginRequestSchema.parse({ email: ' a@b.it ', password: 'p' }).email).toBe('a@b.it');
  });

  it('password change', () => {
    expect(
      messages(passwordChangeRequestSchema.safeParse({ password: '', password_confirm: '' })),
    ).toEqual(['password: Password is required']);
    expect(
      messages(
        passwordChangeRequestSchema.safeParse({
          password: 'abcdefgh',
          password_confirm: 'abcdefgi',
        }),
      ),
    ).toEqual(['password_confirm: Passwords do not match']);
  });

  it('sub-account and pre-sale action', () => {
    expect(
      messages(
        subAccountCreateRequestSchema.safeParse({
          email: 'a@b.it',
          fiscal_id: 'X',
          password: 'abcdefgh',
          fullname: 'Al',
        }),
      ),
    ).toEqual(['fullname: This value is too short. It should have 3 characters or more.']);
    expect(
      messages(
        preSaleActionRequestSchema.safeParse({
          pre_sale_uuid: '0b0c8f1e-3f5a-4c2e-9a43-6f1d2b7f9a10',
          threshold: 0,
          action_type: 'alert_mail',
          target: 'ops@example.test',
        }),
      ),
    ).toEqual(['threshold: This value should be positive.']);
  });
});
