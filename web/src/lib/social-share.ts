// Social networks' own share pages, in a 600x400 popup (decision 181, R12): the share dialog's
// buttons and an invite's "Send on WhatsApp".

export type SocialNetwork = 'twitter' | 'whatsapp' | 'facebook'

export function socialShareUrl(network: SocialNetwork, url: string, text: string): string {
  const e = encodeURIComponent
  switch (network) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}`
    case 'whatsapp':
      return `https://wa.me/?text=${e(`${text} ${url}`)}`
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`
  }
}

const SHARE_POPUP_FEATURES = 'width=600,height=400,noopener,noreferrer'

export function openSharePopup(network: SocialNetwork, url: string, text: string): void {
  window.open(socialShareUrl(network, url, text), '_blank', SHARE_POPUP_FEATURES)
}
