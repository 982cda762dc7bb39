import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationIcon } from './notification-icon';

describe('NotificationIcon', () => {
  it.each(['stream_start', 'stream_reminder', 'stream_cancelled', 'order_update', 'follow', 'promotion'])('has its own icon for %s', (type) => {
    const { container } = render(<NotificationIcon type={type} />);
    expect(container.querySelector('[data-type]')?.getAttribute('data-type')).toBe(type);
  });

  it('falls back to the default for any other type', () => {
    const { container } = render(<NotificationIcon type="something_new" />);
    expect(container.querySelector('[data-type]')?.getAttribute('data-type')).toBe('default');
  });
});
