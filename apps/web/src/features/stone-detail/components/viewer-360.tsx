import type { Stone } from '@loupe/contract/stones';
import { useEffect, useState } from 'react';
import { viewer360Available, viewer360Url } from '../viewer-360-assets';

type ViewerState = 'checking' | 'ready' | 'unavailable';

/**
 * The 360° view of a stone: the local viewer turning the stone's video, once its files answered
 * their HEAD check; without them (or without a video) the stone's photo.
 */
export function Viewer360({ stone }: { stone: Stone }) {
  const [state, setState] = useState<ViewerState>(stone.video_url ? 'checking' : 'unavailable');

  useEffect(() => {
    if (!stone.video_url) return;
    let current = true;
    void viewer360Available().then((ok) => {
      if (current) setState(ok ? 'ready' : 'unavailable');
    });
    return () => {
      current = false;
    };
  }, [stone.video_url]);

  if (state === 'checking') {
    return (
      <div className="media-empty" role="status">
        <p>Loading the 360° view…</p>
      </div>
    );
  }
  if (state === 'ready' && stone.video_url) {
    return (
      <figure className="media-frame">
        <iframe
          className="media-document"
          src={viewer360Url(stone.video_url)}
          title={`360° view of stone ${stone.lot_id}`}
        />
      </figure>
    );
  }
  if (!stone.image_url) {
    return (
      <div className="media-empty" role="status">
        <p>No 360° view or image for this stone</p>
      </div>
    );
  }
  return (
    <figure className="media-frame">
      <img src={stone.image_url} alt={`Stone ${stone.lot_id}, ${stone.shape_full} ${stone.carats} ct`} />
      <figcaption>The 360° view is not available; showing the photo.</figcaption>
    </figure>
  );
}
