/// The preview page's stylesheet and script, inline in the page (it fetches nothing).
enum PreviewAssets {
    static let css: StaticString = """
        :root{--light:#f2f2f7;--dark:#1c1c1e;--problem:#ff2d55;font:14px/1.4 -apple-system,system-ui,"Segoe UI",Helvetica,Arial,sans-serif;color:#1d1d1f;background:#fff}
        body{margin:0 24px 40px}[hidden]{display:none!important}
        header{position:sticky;top:0;z-index:2;background:rgba(255,255,255,.96);border-bottom:1px solid #ddd;padding:12px 0 8px}
        h1{font-size:20px;margin:0}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:0 0 6px}
        .summary{margin:2px 0 8px;color:#555}.controls{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
        .controls input[type=search]{width:14em}#shown{color:#555}
        .legend{margin:6px 0 0;color:#555;font-size:12px}.legend .k{display:inline-block;width:14px;height:0;border-top:2px solid;margin:0 4px 3px 10px}
        .k.canvas,.guide.canvas{color:#0a84ff;stroke:#0a84ff}.k.t27,.guide.t27{color:#30d158;stroke:#30d158}
        .k.t30,.guide.t30{color:#ff9f0a;stroke:#ff9f0a}.k.ink,.guide.ink{color:#bf5af2;stroke:#bf5af2}.k.problem{color:var(--problem)}
        .menu-list{display:flex;flex-wrap:wrap;gap:16px}.menu-pair{display:flex;flex-direction:column;gap:8px}
        .menu-pair>div{display:inline-block}.menu-pair h3{font-weight:600}
        .menu{width:250px;border-radius:14px;overflow:hidden;font-size:17px;box-shadow:0 4px 20px rgba(0,0,0,.18)}
        .menu.light{background:#f9f9f9;color:#000}.menu.dark{background:#252525;color:#fff}
        .menu .row{display:flex;align-items:center;gap:10px;min-height:44px;padding:6px 16px;box-sizing:border-box}
        .menu .row+.row{border-top:.5px solid rgba(128,128,128,.4)}
        .menu .texts{flex:1;min-width:0}.menu .title{line-height:21px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;overflow-wrap:anywhere}
        .menu .two .title{white-space:nowrap;text-overflow:ellipsis}
        .menu .subtitle{font-size:15px;line-height:19px;opacity:.6;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
        .menu .truncated{text-decoration:underline dotted var(--problem)}
        .menu .icon{flex:none;width:35px;height:35px;display:flex;align-items:center;justify-content:center;font-size:9px;text-align:center;line-height:1.1;overflow:hidden}
        .menu.light img.icon{filter:brightness(0)}.menu.dark img.icon{filter:brightness(0) invert(1)}
        .menu .named{border:1px dashed currentColor;border-radius:6px;box-sizing:border-box;opacity:.7;word-break:break-all}
        .note{color:#555}.glyphs{display:flex;flex-direction:column;gap:12px}
        .glyph{display:grid;grid-template-columns:auto minmax(280px,1fr);gap:0 24px;border:1px solid #ddd;border-radius:10px;padding:12px;content-visibility:auto;contain-intrinsic-size:auto 330px}
        .glyph h3{grid-column:1/-1}.glyph .facts{margin-top:0}
        .glyph.failed{border-color:var(--problem);box-shadow:inset 4px 0 0 var(--problem)}.glyph.warned{box-shadow:inset 4px 0 0 #ff9f0a}
        .badge{font-size:11px;font-weight:600;border-radius:8px;padding:1px 7px;margin-left:8px;vertical-align:2px;background:#e5f8ea;color:#1a7f37}
        .failed .badge{background:#ffe5ea;color:#c4002b}.warned .badge{background:#fff3e0;color:#a65c00}
        .name{font-family:ui-monospace,Menlo,monospace}
        .views{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}.scale{margin:0}
        figcaption{font-size:12px;color:#555;margin-bottom:4px}
        .real{display:flex;gap:0;margin-bottom:6px}.tile{display:flex;align-items:center;justify-content:center;width:56px;height:56px}
        .tile.light{background:var(--light)}.tile.light img{filter:brightness(0)}
        .tile.dark{background:var(--dark)}.tile.dark img{filter:brightness(0) invert(1)}
        .mag{position:relative;background:#fff;background-image:repeating-conic-gradient(#f4f4f4 0 25%,#fff 0 50%);background-size:16px 16px;border:1px solid #e5e5e5}
        .mag img{position:absolute;image-rendering:pixelated;image-rendering:crisp-edges}
        .darkmag .mag{background:var(--dark);border-color:#000}.darkmag .mag img{filter:invert(1)}
        .overlay{position:absolute;inset:0;width:100%;height:100%;overflow:hidden;pointer-events:none}
        .overlay *{fill:none;stroke-width:1px;vector-effect:non-scaling-stroke}
        .guide{display:none}.guides .guide{display:inline}.guide.centre{stroke:#8e8e93;stroke-dasharray:3 3}
        .problem{stroke:var(--problem);stroke-width:2px}.problem.missed-target,.problem.viewport{stroke-dasharray:6 4}
        .problem.second-colour{stroke-width:3px;fill:rgba(255,45,85,.15)}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:10px 0 0;font-size:13px}
        .facts dt{color:#555}.facts dd{margin:0;font-family:ui-monospace,Menlo,monospace;font-size:12px}
        .facts dd.outlier{color:#a65c00;font-weight:600}.facts dd.outlier::before{content:"odd one out: "}.family{margin:2px 0;color:#555;font-size:13px}
        .diagnostics{margin:8px 0 0;padding:0;list-style:none;font-size:13px}.diagnostics li{margin:3px 0}
        .severity{font-weight:600;margin-right:6px}.error .severity{color:#c4002b}.warning .severity{color:#a65c00}
        .rule,.location{font-family:ui-monospace,Menlo,monospace;font-size:12px;background:#f2f2f2;border-radius:4px;padding:0 4px;margin-right:6px}
        .unrendered{color:#c4002b}
        """

    /// Wires the preview's filters and toggles, then shows the images (`imageLoader`).
    static let script: StaticString = """
        (async () => {
          const byId = id => document.getElementById(id);
          iconforgeToggles(['guides', 'dark', 'failing']);
          const cards = Array.from(document.querySelectorAll('article.glyph'));
          const filter = () => {
            const failing = byId('show-failing').checked, rule = byId('rule').value, name = byId('name').value.toLowerCase();
            let shown = 0;
            for (const card of cards) {
              const show = (!failing || card.dataset.status === 'failed')
                && (!rule || card.dataset.rules.split(' ').includes(rule))
                && (!name || card.dataset.name.toLowerCase().includes(name));
              card.hidden = !show;
              if (show) shown++;
            }
            byId('shown').textContent = shown + ' of ' + cards.length + ' glyphs shown';
          };
          for (const id of ['show-failing', 'rule', 'name']) byId(id).addEventListener('input', filter);
          filter();
          await iconforgeShowImages(cards, 'iconforge preview');
        })();
        """

    /// The guides and dark toggles of a page (the preview's, the diff's): `#guides`, `#dark`
    /// (and the page's other presets, `#failing`) in the address tick them, for screenshots
    /// and links.
    static let toggles: StaticString = """
        window.iconforgeToggles = presets => {
          const byId = id => document.getElementById(id);
          const body = document.body;
          for (const id of presets) if (location.hash.includes(id)) byId('show-' + id).checked = true;
          body.classList.toggle('guides', byId('show-guides').checked);
          body.classList.toggle('darkmag', byId('show-dark').checked);
          byId('show-guides').addEventListener('change', e => body.classList.toggle('guides', e.target.checked));
          byId('show-dark').addEventListener('change', e => body.classList.toggle('darkmag', e.target.checked));
        };

        """

    /// Shows the images of a page's cards (the preview's, the diff's): each render's PNG is
    /// in its `img`'s `data-png` and becomes its `src` (and that of the tiles and menu icons
    /// that show it again) when its card is shown: all at once for up to 200 cards (or with
    /// `#all` in the address), else as cards come near the viewport, so that 1,000 glyphs
    /// load as fast as a screenful. Once the images shown first have decoded, the body gets
    /// `data-ready`; each image gets `data-decoded="WxH"` (its natural size) or `"failed"`
    /// when it has decoded.
    static let imageLoader: StaticString = """
        window.iconforgeShowImages = async (cards, pageName) => {
          const byId = id => document.getElementById(id);
          let decoding = [];
          const show = img => {
            if (img.src) return;
            img.src = 'data:image/png;base64,' + byId(img.id || img.dataset.copy).dataset.png;
            decoding.push(img.decode().then(
              () => { img.dataset.decoded = img.naturalWidth + 'x' + img.naturalHeight; },
              () => { img.dataset.decoded = 'failed'; }));
          };
          const showCard = card => { for (const img of card.querySelectorAll('img')) show(img); };
          for (const img of document.querySelectorAll('.menus img')) show(img);
          if (cards.length <= 200 || location.hash.includes('all')) {
            cards.forEach(showCard);
          } else {
            await new Promise(firstBatch => {
              const observer = new IntersectionObserver(entries => {
                for (const entry of entries) {
                  if (!entry.isIntersecting) continue;
                  showCard(entry.target);
                  observer.unobserve(entry.target);
                }
                firstBatch();
              }, { rootMargin: '1000px 0px' });
              cards.forEach(card => observer.observe(card));
            });
          }
          const first = decoding;
          decoding = [];
          await Promise.all(first);
          document.body.dataset.ready = 'true';
          console.info(pageName + ' ready: ' + first.length + ' images in ' + Math.round(performance.now()) + ' ms');
        };
        """
}
