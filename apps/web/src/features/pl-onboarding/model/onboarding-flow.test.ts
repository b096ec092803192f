import { PL_AUTH_FLOW_STATUS } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import {
  base64ToXmlFile,
  formatCountdown,
  isShownStatus,
  isXmlFile,
  modeOf,
  positionOfStatus,
  remainingMs,
  stepIndex,
} from './onboarding-flow';

const { NEW, IN_PROGRESS, USED, COMPLETED, ERROR } = PL_AUTH_FLOW_STATUS;

describe('the onboarding statuses (spec 4)', () => {
  it('shows the flow for NEW, IN_PROGRESS, USED and COMPLETED only', () => {
    expect([NEW, IN_PROGRESS, USED, COMPLETED].every(isShownStatus)).toBe(true);
    expect(isShownStatus(ERROR)).toBe(false);
    expect(isShownStatus(999)).toBe(false);
  });

  it('starts NEW on the introduction, IN_PROGRESS on the download, USED and COMPLETED at the end', () => {
    expect(positionOfStatus(NEW)).toBe('intro');
    expect(positionOfStatus(IN_PROGRESS)).toBe('download');
    expect(positionOfStatus(USED)).toBe('end');
    expect(positionOfStatus(COMPLETED)).toBe('end');
    expect(stepIndex('intro')).toBe(-1);
    expect(stepIndex('upload')).toBe(2);
  });

  it('reads the mode of the address, mode_1 unless mode_2 is asked', () => {
    expect(modeOf('mode_2')).toBe('mode_2');
    expect(modeOf(null)).toBe('mode_1');
    expect(modeOf('anything')).toBe('mode_1');
  });
});

describe('the countdown (spec 9: mm:ss)', () => {
  it('counts the time left to the deadline, never below zero', () => {
    const deadline = '2026-12-01T10:10:00.000Z';
    expect(remainingMs(deadline, Date.parse('2026-12-01T10:00:00.000Z'))).toBe(600_000);
    expect(remainingMs(deadline, Date.parse('2026-12-01T10:11:00.000Z'))).toBe(0);
    expect(remainingMs('not a date', 0)).toBe(0);
  });

  it('shows minutes and seconds, a started second still counting', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(599_001)).toBe('10:00');
    expect(formatCountdown(599_000)).toBe('09:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('the signed file', () => {
  it('is an XML file by its name or its type', () => {
    expect(isXmlFile({ name: 'signed.XML', type: '' })).toBe(true);
    expect(isXmlFile({ name: 'signed', type: 'application/xml' })).toBe(true);
    expect(isXmlFile({ name: 'wniosek.xades', type: 'application/xades+xml' })).toBe(true);
    expect(isXmlFile({ name: 'wniosek.pdf', type: 'application/pdf' })).toBe(false);
  });

  it('turns the sandbox’s base64 into the XML file it is, byte for byte', async () => {
    // "zażółć" in UTF-8, as the API encodes the signed file.
    const utf8 = String.fromCharCode(...new TextEncoder().encode('<a>zażółć</a>'));
    const file = base64ToXmlFile(btoa(utf8), 'signed_file.xml');
    expect(file.name).toBe('signed_file.xml');
    expect(file.type).toBe('application/xml');
    expect(await file.text()).toBe('<a>zażółć</a>');
  });
});
