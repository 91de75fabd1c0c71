// Our probe into meteor-1.5.jar for the tests: compiled against the jar at test time
// (tests/jar_oracle.py), never shipped. It asks the jar's own classes for the facts
// the Python reimplementation must reproduce, one JVM for many requests.
//
// Usage: java -cp meteor-1.5.jar:DIR JarProbe LANGUAGE < requests
// Each request is one line: a command and its arguments, tab-separated, every argument
// base64 (UTF-8). Each answer is one line. Commands:
//   hash W        -> W.hashCode()
//   lower S       -> base64(S.toLowerCase())
//   norm L S      -> base64(Normalizer.normalizeLine(S, language L, keepPunctuation=true))
//   stem L W      -> base64(stem of W by the stemmer of language L)
//   synsets W     -> the synset numbers the synonym matcher gives W, sorted, space-separated
//   match M H R   -> the candidates the modules M ("exact stem ...", in that order) put
//                    on the Stage of hypothesis H and reference R (whitespace tokens):
//                    "j:len:i:mlen:module" in Stage.matches order (j ascending, then
//                    append order), space-separated; then " |" and the coverage of the
//                    hypothesis (line1) and of the reference (line2), comma-separated.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.TreeSet;

import edu.cmu.meteor.aligner.Alignment;
import edu.cmu.meteor.aligner.ExactMatcher;
import edu.cmu.meteor.aligner.Match;
import edu.cmu.meteor.aligner.ParaphraseMatcher;
import edu.cmu.meteor.aligner.ParaphraseTransducer;
import edu.cmu.meteor.aligner.Stage;
import edu.cmu.meteor.aligner.StemMatcher;
import edu.cmu.meteor.aligner.Stemmer;
import edu.cmu.meteor.aligner.SynonymDictionary;
import edu.cmu.meteor.aligner.SynonymMatcher;
import edu.cmu.meteor.util.Constants;
import edu.cmu.meteor.util.Normalizer;

public class JarProbe {
    private static String language;
    private static int langID;
    private static Stemmer stemmer;
    private static SynonymDictionary synonyms;
    private static ParaphraseTransducer paraphrase;
    private static Constructor<Stage> stageConstructor;

    private static String text(String b64) {
        return new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8);
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static Stemmer stemmer() {
        if (stemmer == null)
            stemmer = Constants.newStemmer(language);
        return stemmer;
    }

    private static final java.util.HashMap<String, Stemmer> stemmers = new java.util.HashMap<String, Stemmer>();

    private static Stemmer stemmer(String lang) {
        String name = Constants.normLanguageName(lang);
        if (!stemmers.containsKey(name))
            stemmers.put(name, Constants.newStemmer(name));
        return stemmers.get(name);
    }

    private static SynonymDictionary synonyms() throws Exception {
        if (synonyms == null) {
            String dir = Constants.DEFAULT_SYN_DIR_URL.toString() + "/" + language;
            synonyms = new SynonymDictionary(new URL(dir + ".exceptions"), new URL(dir + ".synsets"),
                    new URL(dir + ".relations"));
        }
        return synonyms;
    }

    private static ParaphraseTransducer paraphrase() {
        if (paraphrase == null)
            paraphrase = new ParaphraseTransducer(Constants.getDefaultParaFileURL(langID));
        return paraphrase;
    }

    // The matching half of Aligner.align: the same identical-sentence rule, the same
    // module calls in the same order, on a Stage built as the aligner builds it.
    private static String match(String moduleNames, String hyp, String ref) throws Exception {
        String[] names = moduleNames.trim().split(" +");
        int[] modules = new int[names.length];
        for (int i = 0; i < names.length; i++)
            modules[i] = Constants.getModuleID(names[i]);
        Alignment a = new Alignment(hyp, ref);
        Stage s = stageConstructor.newInstance(a.words1, a.words2);
        int used = modules.length;
        if (a.words1.size() == a.words2.size() && Arrays.equals(s.words1, s.words2))
            used = 1;
        for (int m = 0; m < used; m++) {
            int module = modules[m];
            if (module == Constants.MODULE_EXACT)
                ExactMatcher.match(m, a, s);
            else if (module == Constants.MODULE_STEM)
                StemMatcher.match(m, a, s, stemmer());
            else if (module == Constants.MODULE_SYNONYM)
                SynonymMatcher.match(m, a, s, synonyms());
            else
                ParaphraseMatcher.match(m, a, s, paraphrase());
        }
        StringBuilder out = new StringBuilder();
        for (ArrayList<Match> list : s.matches)
            for (Match x : list)
                out.append(x.start).append(':').append(x.length).append(':').append(x.matchStart).append(':')
                        .append(x.matchLength).append(':').append(x.module).append(' ');
        out.append('|');
        out.append(join(s.line1Coverage)).append(' ').append(join(s.line2Coverage));
        return out.toString();
    }

    private static String join(int[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0)
                sb.append(',');
            sb.append(values[i]);
        }
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        language = Constants.normLanguageName(args[0]);
        langID = Constants.getLanguageID(language);
        stageConstructor = Stage.class.getDeclaredConstructor(ArrayList.class, ArrayList.class);
        stageConstructor.setAccessible(true);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split("\t", -1);
            String cmd = f[0];
            if (cmd.equals("hash"))
                out.println(text(f[1]).hashCode());
            else if (cmd.equals("lower"))
                out.println(b64(text(f[1]).toLowerCase()));
            else if (cmd.equals("norm"))
                out.println(b64(Normalizer.normalizeLine(text(f[2]),
                        Constants.getLanguageID(Constants.normLanguageName(text(f[1]))), true)));
            else if (cmd.equals("stem"))
                out.println(b64(stemmer(text(f[1])).stem(text(f[2]))));
            else if (cmd.equals("synsets")) {
                String w = text(f[1]);
                TreeSet<Integer> set = new TreeSet<Integer>(synonyms().getSynSets(w));
                set.addAll(synonyms().getStemSynSets(w));
                StringBuilder sb = new StringBuilder();
                for (int x : set)
                    sb.append(x).append(' ');
                out.println(sb.toString().trim());
            } else if (cmd.equals("match"))
                out.println(match(text(f[1]), text(f[2]), text(f[3])));
            else
                throw new RuntimeException("unknown command " + cmd);
        }
        out.flush();
    }
}
