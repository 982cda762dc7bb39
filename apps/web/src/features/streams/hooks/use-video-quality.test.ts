import { afterEach, describe, expect, it } from 'vitest';
import { connectionWantsSaver, deliveryFor } from './use-video-quality';

const setConnection = (value: object | undefined) => Object.defineProperty(navigator, 'connection', { value, configurable: true });

afterEach(() => setConnection(undefined));

describe('video quality', () => {
  it('asks for no video in audio only, the low layer in data saver, full video otherwise', () => {
    expect(deliveryFor('audio', false)).toEqual({ video: false, dataSaver: false });
    expect(deliveryFor('saver', false)).toEqual({ video: true, dataSaver: true });
    expect(deliveryFor('auto', false)).toEqual({ video: true, dataSaver: false });
    expect(deliveryFor('auto', true)).toEqual({ video: true, dataSaver: true });
  });

  it('picks data saver for Save-Data and for 2G/3G links, not for 4G or an unknown connection', () => {
    expect(connectionWantsSaver()).toBe(false);
    setConnection(Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' }));
    expect(connectionWantsSaver()).toBe(true);
    for (const type of ['slow-2g', '2g', '3g']) {
      setConnection(Object.assign(new EventTarget(), { saveData: false, effectiveType: type }));
      expect(connectionWantsSaver()).toBe(true);
    }
    setConnection(Object.assign(new EventTarget(), { saveData: false, effectiveType: '4g' }));
    expect(connectionWantsSaver()).toBe(false);
  });
});
