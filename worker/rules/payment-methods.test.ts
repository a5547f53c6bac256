import { describe, expect, it } from 'vitest';
import { moroccanMobile } from './payment-methods';

describe('moroccanMobile: what mobile payment takes', () => {
  it('takes a Moroccan mobile number however it is typed, dropping the leading 0 and the country code', () => {
    for (const typed of ['612345678', '0612345678', '06 12 34 56 78', '06.12.34.56.78', '+212612345678', '+212 0612345678', '00212612345678', '212612345678', '0612-345-678']) {
      expect(moroccanMobile(typed), typed).toEqual({ ok: true, phone: '+212612345678' });
    }
    expect(moroccanMobile('0712345678')).toEqual({ ok: true, phone: '+212712345678' });
  });

  it('says why a number cannot pay: another country, a landline, a wrong length, nothing typed', () => {
    expect(moroccanMobile('+33612345678')).toEqual({ ok: false, refusal: 'MOBILE_PAY_MOROCCAN_ONLY' });
    expect(moroccanMobile('0033612345678')).toEqual({ ok: false, refusal: 'MOBILE_PAY_MOROCCAN_ONLY' });
    expect(moroccanMobile('+1 415 555 0100')).toEqual({ ok: false, refusal: 'MOBILE_PAY_MOROCCAN_ONLY' });
    expect(moroccanMobile('0522123456')).toEqual({ ok: false, refusal: 'MOBILE_PAY_NOT_MOBILE' });
    expect(moroccanMobile('06123')).toEqual({ ok: false, refusal: 'MOBILE_PAY_NUMBER_LENGTH' });
    expect(moroccanMobile('06123456789')).toEqual({ ok: false, refusal: 'MOBILE_PAY_NUMBER_LENGTH' });
    expect(moroccanMobile('6123abc78')).toEqual({ ok: false, refusal: 'MOBILE_PAY_NUMBER_LENGTH' });
    expect(moroccanMobile('  ')).toEqual({ ok: false, refusal: 'MOBILE_PAY_NUMBER_REQUIRED' });
  });
});
