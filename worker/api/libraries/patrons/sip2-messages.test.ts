import { describe, expect, it } from 'vitest';
import { field, parseSip2, patronInformationRequest, sip2Checksum, sip2Date, Sip2FormatError, sip2Frame } from './sip2-messages';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (frame: Uint8Array) => new TextDecoder().decode(frame);

describe('SIP2 messages', () => {
  it('checksums as published examples do (two’s complement of the byte sum up to AZ)', () => {
    expect(sip2Checksum(bytes('941AY1AZ'))).toBe('FDFC');
    expect(sip2Checksum(bytes('9300CNuu|COpp|AY1AZ'))).toBe('F9E9');
    expect(text(sip2Frame('9300CNuu|COpp|', 1))).toBe('9300CNuu|COpp|AY1AZF9E9\r');
  });

  it('reads a message back: code, fixed part, fields, sequence number', () => {
    const frame = sip2Frame(`24${' '.repeat(14)}001${sip2Date(new Date('2026-03-01T09:05:07Z'))}AOFAKE|AA123|AEAmina Idrissi|BLY|CQN|`, 7);
    const message = parseSip2(frame.subarray(0, frame.length - 1));
    expect(message.code).toBe('24');
    expect(message.fixed).toBe(`${' '.repeat(14)}00120260301   Z090507`);
    expect(Object.fromEntries(message.fields)).toEqual({ AO: 'FAKE', AA: '123', AE: 'Amina Idrissi', BL: 'Y', CQ: 'N' });
    expect(message.sequence).toBe(7);
  });

  it('checks UTF-8 names by their bytes', () => {
    const frame = sip2Frame(`24${' '.repeat(14)}001${sip2Date(new Date())}AOFAKE|AA1|AEسلمى بناني|BLY|CQY|`, 0);
    expect(parseSip2(frame).fields.get('AE')).toBe('سلمى بناني');
  });

  it('refuses a wrong checksum, a missing checksum, an unknown code, a short message', () => {
    expect(() => parseSip2(bytes('941AY1AZFDFD'))).toThrow(Sip2FormatError);
    expect(() => parseSip2(bytes('941'))).toThrow(/no checksum/);
    expect(parseSip2(bytes('941'), false).fixed).toBe('1');
    expect(() => parseSip2(sip2Frame('XX1', 0))).toThrow(/unknown message code/);
    expect(() => parseSip2(sip2Frame('64  ', 0))).toThrow(/too short/);
  });

  it('never lets a value break the message (pipe, carriage return)', () => {
    expect(() => field('AA', '1|AD0000')).toThrow(Sip2FormatError);
    expect(() => patronInformationRequest('FAKE', '1', '12\r34', new Date())).toThrow(Sip2FormatError);
  });
});
