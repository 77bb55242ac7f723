/**
 * Calls `then` once the frame being prepared now has been painted: a frame's style, layout and
 * paint run right after its animation frame callbacks, and a message posted there is handled once
 * they are done. Never called in a page that paints no frames (hidden), nor without animation
 * frames.
 */
export function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      then();
    };
    channel.port2.postMessage(null);
  });
}
