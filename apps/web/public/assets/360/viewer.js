// The 360° viewer (spec §7 "HEAD checks on three local 360-viewer asset files"): the stone's
// turning video, played in a loop until the buyer drags it or presses an arrow key, then turned by
// hand. The page is given the video by `?src=`; only http(s) addresses are played.
(() => {
  const viewer = document.getElementById('viewer');
  const video = document.getElementById('stone');
  const hint = document.getElementById('hint');
  const src = new URLSearchParams(window.location.search).get('src') || '';
  let url = null;
  try {
    url = new URL(src, window.location.href);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol)) {
    hint.textContent = 'No 360° video for this stone';
    return;
  }
  video.src = url.href;
  video.loop = true;
  video.addEventListener('loadedmetadata', () => {
    video.play().catch(() => undefined);
  });
  video.addEventListener('error', () => {
    hint.textContent = 'The 360° video could not be loaded';
  });

  let angle = 0;
  const show = (degrees) => {
    angle = ((Math.round(degrees) % 360) + 360) % 360;
    viewer.setAttribute('aria-valuenow', String(angle));
    viewer.setAttribute('aria-valuetext', `${angle} degrees`);
    if (Number.isFinite(video.duration) && video.duration > 0) {
      video.currentTime = (angle / 360) * video.duration;
    }
  };
  const takeOver = () => {
    if (!video.paused) video.pause();
    if (Number.isFinite(video.duration) && video.duration > 0) {
      angle = (video.currentTime / video.duration) * 360;
    }
  };

  let dragFrom = null;
  viewer.addEventListener('pointerdown', (event) => {
    takeOver();
    dragFrom = { x: event.clientX, angle };
    viewer.setPointerCapture(event.pointerId);
  });
  viewer.addEventListener('pointermove', (event) => {
    if (!dragFrom) return;
    // A drag across the whole width turns the stone once.
    show(dragFrom.angle + ((event.clientX - dragFrom.x) / viewer.clientWidth) * 360);
  });
  const endDrag = () => {
    dragFrom = null;
  };
  viewer.addEventListener('pointerup', endDrag);
  viewer.addEventListener('pointercancel', endDrag);
  viewer.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 10, ArrowUp: 10, ArrowLeft: -10, ArrowDown: -10 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    takeOver();
    show(angle + step);
  });
})();
