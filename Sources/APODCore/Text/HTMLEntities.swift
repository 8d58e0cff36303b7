import Foundation

/// Decodes HTML character references: numeric (`&#8217;`, `&#x2019;`) and the named ones that
/// occur in APOD text. Unknown names are left as they are rather than guessed at.
public enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "minus": "\u{2212}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        "sbquo": "\u{201A}", "bdquo": "\u{201E}", "laquo": "\u{00AB}", "raquo": "\u{00BB}",
        "deg": "\u{00B0}", "times": "\u{00D7}", "divide": "\u{00F7}", "plusmn": "\u{00B1}",
        "micro": "\u{00B5}", "middot": "\u{00B7}", "bull": "\u{2022}", "prime": "\u{2032}",
        "Prime": "\u{2033}", "copy": "\u{00A9}", "reg": "\u{00AE}", "trade": "\u{2122}",
        "frac12": "\u{00BD}", "frac14": "\u{00BC}", "frac34": "\u{00BE}", "sup2": "\u{00B2}",
        "sup3": "\u{00B3}", "ordm": "\u{00BA}", "ordf": "\u{00AA}", "sect": "\u{00A7}",
        "para": "\u{00B6}", "cent": "\u{00A2}", "pound": "\u{00A3}", "euro": "\u{20AC}",
        "yen": "\u{00A5}", "iexcl": "\u{00A1}", "iquest": "\u{00BF}", "shy": "\u{00AD}",
        "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}", "zwj": "\u{200D}",
        "zwnj": "\u{200C}", "larr": "\u{2190}", "rarr": "\u{2192}", "uarr": "\u{2191}",
        "darr": "\u{2193}", "harr": "\u{2194}", "asymp": "\u{2248}", "ne": "\u{2260}",
        "le": "\u{2264}", "ge": "\u{2265}", "infin": "\u{221E}", "sim": "\u{223C}",
        "alpha": "\u{03B1}", "beta": "\u{03B2}", "gamma": "\u{03B3}", "delta": "\u{03B4}",
        "epsilon": "\u{03B5}", "zeta": "\u{03B6}", "eta": "\u{03B7}", "theta": "\u{03B8}",
        "iota": "\u{03B9}", "kappa": "\u{03BA}", "lambda": "\u{03BB}", "mu": "\u{03BC}",
        "nu": "\u{03BD}", "xi": "\u{03BE}", "omicron": "\u{03BF}", "pi": "\u{03C0}",
        "rho": "\u{03C1}", "sigma": "\u{03C3}", "tau": "\u{03C4}", "upsilon": "\u{03C5}",
        "phi": "\u{03C6}", "chi": "\u{03C7}", "psi": "\u{03C8}", "omega": "\u{03C9}",
        "Delta": "\u{0394}", "Omega": "\u{03A9}", "Sigma": "\u{03A3}", "Pi": "\u{03A0}",
        "Lambda": "\u{039B}", "Gamma": "\u{0393}", "Theta": "\u{0398}", "Phi": "\u{03A6}",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "yacute": "ý",
        "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú",
        "agrave": "à", "egrave": "è", "igrave": "ì", "ograve": "ò", "ugrave": "ù",
        "Agrave": "À", "Egrave": "È",
        "acirc": "â", "ecirc": "ê", "icirc": "î", "ocirc": "ô", "ucirc": "û",
        "auml": "ä", "euml": "ë", "iuml": "ï", "ouml": "ö", "uuml": "ü", "yuml": "ÿ",
        "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü",
        "atilde": "ã", "otilde": "õ", "ntilde": "ñ", "Ntilde": "Ñ",
        "aring": "å", "Aring": "Å", "aelig": "æ", "AElig": "Æ", "oslash": "ø", "Oslash": "Ø",
        "ccedil": "ç", "Ccedil": "Ç", "szlig": "ß", "scaron": "š", "Scaron": "Š",
        "ccaron": "č", "zcaron": "ž",
    ]

    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "&", let (replacement, end) = reference(in: text, at: index) {
                output.append(replacement)
                index = end
            } else {
                output.append(text[index])
                index = text.index(after: index)
            }
        }
        return output
    }

    /// The text a reference starting at `start` stands for, and the index after its `;`.
    private static func reference(in text: String, at start: String.Index) -> (String, String.Index)? {
        let bodyStart = text.index(after: start)
        guard let semicolon = text[bodyStart...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = text[bodyStart..<semicolon]
        let end = text.index(after: semicolon)
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), end)
        }
        guard let replacement = named[String(body)] else { return nil }
        return (replacement, end)
    }
}
