import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

/**
 * next/image's markup (srcset, sizes, lazy loading, the optimizer's addresses) rendered on the
 * server as a plain <img>: next/image itself is a client component, and a content page's images
 * never change after load, so they need not hydrate (issue #42: 5 kB less on a blog post).
 * `preload` asks for the image from the document's head with high priority, as next/image does.
 */
export function StaticImage({ preload = false, alt, ...rest }: ImageProps) {
  const { props } = getImageProps({ ...rest, alt, preload });
  if (preload && typeof props.src === 'string') {
    preloadResource(props.src, { as: 'image', imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: 'high' });
  }
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes, from getImageProps.
  return <img {...props} alt={alt} fetchPriority={preload ? 'high' : props.fetchPriority} />;
}
